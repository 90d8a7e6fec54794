/** How a result comes back: notifications drained into the next request, or a wake for an idle agent. */
export { Notifications, RESULTS_TAG, WAKE_PROMPT, type NotificationsOptions } from "./notifications.ts";
