export { BackgroundChildren, RUN_IN_BACKGROUND } from "./background-children.ts";
export { launchedText, taskNotification, type FinishedChild } from "./task-notification.ts";
