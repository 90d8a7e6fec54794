/**
 * Subagents in the background: s05's `task` gets `run_in_background`, and a child's report
 * comes back by itself in a <task-notification> block — through lesson 9's notifications, first in
 * this lesson's list.
 *
 *   tools     task, changed in place: with run_in_background: true the call returns at once
 *   working   `--print` and the demo wait for a background subagent
 *   close     on exit, running background subagents are stopped and named on screen
 */
import type { Mechanism } from "@learn/core";
import { notificationsOf } from "../notifications/index.ts";
import { BackgroundChildren } from "./background-children.ts";

export { BackgroundChildren, RUN_IN_BACKGROUND } from "./background-children.ts";
export { launchedText, notificationBlock, SYSTEM_NOTIFICATION, taskNotification, type FinishedChild, type NotificationFields } from "./task-notification.ts";

/** For the lead only: a background child of a subagent would outlive the subagent waiting for it. */
export const backgroundChildren: Mechanism = {
  name: "background subagents",
  for: ["lead"],
  // Lesson 5's task tool, with run_in_background.
  replaces: { tools: ["task"] },
  add(parts, { options }) {
    const children = new BackgroundChildren(notificationsOf(parts, "background subagents"), options.renderer);
    return {
      ...parts,
      tools: children.withBackground(parts.tools),
      working: [...parts.working, () => children.size > 0],
      close: [
        ...parts.close,
        () => {
          for (const name of children.stopAll()) options.renderer.notice(`Stopped background subagent ${name}: the session ended.`);
        },
      ],
    };
  },
};
