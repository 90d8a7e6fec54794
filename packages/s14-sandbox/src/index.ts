/** @learn/s14 — the operating system says no: every command the agent runs, inside an OS sandbox. */
import os from "node:os";
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { createAgent, mechanisms } from "./agent.ts";
import { prepareSandboxWorkspace } from "./practice-sandbox.ts";
import { probeSandbox } from "./sandbox/probe.ts";

export { mechanisms } from "./agent.ts";
export type { SandboxMounts } from "./sandbox/bwrap.ts";
export { mountsFor, type DenialInputs } from "./sandbox/mounts.ts";
export { probeSandbox } from "./sandbox/probe.ts";
export { sandboxWrapper } from "./sandbox/wrapper.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s14",
  title: "Sandbox",
  headline: "the operating system says no",
  demoScripts: demoScripts(import.meta.url, "escape.yaml"),
  // The demo plays a policy that says yes to everything: what is left to stop a command is the sandbox.
  demoFlags: { [PERMISSION_MODE_FLAG]: "bypassPermissions" },
  // The demo shows the operating system saying no: where no sandbox starts, it would show something else.
  demoNeeds: async () => {
    const probe = await probeSandbox(os.tmpdir());
    return probe.available ? undefined : `it needs a sandbox, and ${probe.reason}`;
  },
  workspace: {
    prepare: prepareSandboxWorkspace,
    why: "A fresh copy of practice-workspace/ as lesson 13 makes it, with sandbox.enabled in its .claude/settings.local.json and a .env that the Read(./.env) rule protects (--cwd <dir> to work elsewhere).",
  },
  createAgent,
});
