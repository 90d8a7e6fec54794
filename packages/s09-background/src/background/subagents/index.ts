export { BackgroundChildren, RUN_IN_BACKGROUND } from "./background-children.ts";
export { launchedText, SYSTEM_NOTIFICATION, taskNotification, type FinishedChild } from "./task-notification.ts";
