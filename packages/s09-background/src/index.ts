/** @learn/s09 — background jobs, notifications and cron: slow work that doesn't block. Later lessons import from here. */
import { demoScripts, type Lesson } from "@learn/core";
import { lesson as previousLesson } from "@learn/s08";
import { createAgent } from "./agent.ts";
import { DELIVER_CHOICES, DELIVER_FLAG } from "./background.ts";
import { TIME_SCALE_ENV, TIME_SCALE_FLAG } from "./time-scale.ts";

export { previousLesson };
export { createAgent, mechanisms } from "./agent.ts";
export { background } from "./mechanism.ts";
export { backgroundFor, CRON_WAIT_MS, DELIVER_CHOICES, DELIVER_FLAG, backgroundMechanism, type Background } from "./background.ts";
export { BACKGROUND_GUIDANCE, CRON_GUIDANCE } from "./prompt.ts";
export { clockFor, TIME_SCALE_ENV, TIME_SCALE_FLAG } from "./time-scale.ts";
export * from "./cron/index.ts";
export * from "./jobs/index.ts";
export * from "./notifications/index.ts";

export const lesson: Lesson = {
  id: "s09",
  title: "Background",
  headline: "don't wait for slow work",
  demoScripts: demoScripts(import.meta.url, "slow-tests.yaml", "one-shot.yaml"),
  flags: [
    ...(previousLesson.flags ?? []),
    { name: TIME_SCALE_FLAG, env: TIME_SCALE_ENV, description: "run the cron scheduler's clock this many times faster (the offline demo: 60, a minute a second)" },
    {
      name: DELIVER_FLAG,
      choices: DELIVER_CHOICES,
      description: "when a finished job's result reaches the model: with the next model call (next-call, the default), or once the agent is idle (when-idle, the offline demo)",
    },
  ],
  // Offline, a job "at the next minute" fires within a second: the demo does not wait a minute.
  // And a result waits for the idle agent: whether a job ends before or after the agent's other
  // work depends on the machine's speed, and the scripted model expects one order.
  demoFlags: { ...previousLesson.demoFlags, [TIME_SCALE_FLAG]: "60", [DELIVER_FLAG]: "when-idle" },
  createAgent,
};
