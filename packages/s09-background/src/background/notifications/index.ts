export { Notifications, RESULTS_TAG, WAKE_PROMPT, type NotificationsOptions } from "./notifications.ts";
