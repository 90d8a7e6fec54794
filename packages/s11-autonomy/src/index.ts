/** @learn/s11 — protocols and self-organising teammates: agents that find their own work. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { createAgent, mechanisms } from "./agent.ts";

export { mechanisms } from "./agent.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s11",
  title: "Autonomy",
  headline: "agents that find their own work",
  demoScripts: demoScripts(import.meta.url, "self-organising.yaml"),
  // Its demo writes code: in acceptEdits, as the practice rules approve no edit of code (s03).
  demoFlags: { [PERMISSION_MODE_FLAG]: "acceptEdits" },
  createAgent,
});
