export { Notifications, RESULTS_TAG, WAKE_PROMPT } from "./notifications.ts";
