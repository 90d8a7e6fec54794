/** @learn/s11 — protocols and self-organising teammates: agents that find their own work. Later lessons import from here. */
import { demoScripts, type Lesson } from "@learn/core";
import { lesson as previousLesson } from "@learn/s10";
import { createAgent } from "./agent.ts";
import { IDLE_POLL_ENV, IDLE_POLL_FLAG, IDLE_TIMEOUT_ENV, IDLE_TIMEOUT_FLAG } from "./autonomy/settings.ts";

export { previousLesson };
export { createAgent, mechanisms } from "./agent.ts";
export { leadProtocols, teammateProtocols } from "./mechanism.ts";
export { autonomyFor, type Autonomy } from "./autonomy.ts";
export * from "./autonomy/idle-cycle.ts";
export * from "./autonomy/prompt.ts";
export * from "./autonomy/settings.ts";
export * from "./autonomy/tools.ts";
export * from "./protocols/index.ts";

export const lesson: Lesson = {
  id: "s11",
  title: "Autonomy",
  headline: "agents that find their own work",
  demoScripts: demoScripts(import.meta.url, "self-organising.yaml"),
  flags: [
    ...(previousLesson.flags ?? []),
    { name: IDLE_POLL_FLAG, env: IDLE_POLL_ENV, description: "how often an idle teammate looks for mail and tasks, in ms (default 5000)" },
    { name: IDLE_TIMEOUT_FLAG, env: IDLE_TIMEOUT_ENV, description: "an idle teammate with nothing to do shuts down after this many ms (default 60000)" },
  ],
  // Offline, an idle teammate looks again every 100 ms: the demo does not wait five seconds a step.
  demoFlags: { ...previousLesson.demoFlags, [IDLE_POLL_FLAG]: "100" },
  createAgent,
};
