/** @learn/s11 — protocols and self-organising teammates: agents that find their own work. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { lesson as previousLesson } from "@learn/s10";
import { createAgent, mechanisms } from "./agent.ts";

export { previousLesson };
export { createAgent, mechanisms } from "./agent.ts";
export { autonomyFor, leadProtocols, teammateProtocols, type Autonomy } from "./autonomy/index.ts";
export * from "./autonomy/idle-cycle.ts";
export * from "./autonomy/prompt.ts";
export * from "./autonomy/settings.ts";
export * from "./autonomy/tools.ts";
export * from "./autonomy/protocols/index.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s11",
  title: "Autonomy",
  headline: "agents that find their own work",
  demoScripts: demoScripts(import.meta.url, "self-organising.yaml"),
  // Its demo writes code: in acceptEdits, as the practice rules approve no edit of code (s03).
  demoFlags: { [PERMISSION_MODE_FLAG]: "acceptEdits" },
  createAgent,
});
