/** Subagents run in the background: s05's task with run_in_background, and the note that brings a report back. */
export { BackgroundChildren, RUN_IN_BACKGROUND } from "./background-children.ts";
export { launchedText, notificationBlock, SYSTEM_NOTIFICATION, taskNotification, type FinishedChild, type NotificationFields } from "./task-notification.ts";
