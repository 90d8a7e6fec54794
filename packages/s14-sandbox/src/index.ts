/** @learn/s14 — the operating system says no: every command the agent runs, inside an OS sandbox. */
import os from "node:os";
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { lesson as previousLesson } from "@learn/s13";
import { createAgent, mechanisms } from "./agent.ts";
import { prepareSandboxWorkspace } from "./practice-sandbox.ts";
import { probeSandbox } from "./sandbox/probe.ts";

export { previousLesson };
export { createAgent, mechanisms } from "./agent.ts";
export { sandbox, SANDBOX_FLAG } from "./sandbox/index.ts";
export { describeSandbox, sandboxCommand } from "./sandbox/command.ts";
export { bwrapArgs, inBwrap, type SandboxMounts } from "./sandbox/bwrap.ts";
export { fixedPartOf, mountsFor, MAX_WALK_ENTRIES, READ_ONLY_FILES, READ_ONLY_FOLDERS, WalkTooLargeError, type DenialInputs } from "./sandbox/mounts.ts";
export { probeSandbox, PROBE_TIMEOUT_MS, type SandboxProbe } from "./sandbox/probe.ts";
export { DEFAULT_SANDBOX_SETTINGS, readSandboxSettings, type SandboxSettings } from "./sandbox/settings.ts";
export { isExcluded } from "./sandbox/excluded.ts";
export { refusingWrapper, sandboxWrapper } from "./sandbox/wrapper.ts";
export { isActive, sandboxStateOf, type SandboxState } from "./sandbox/state.ts";
export { AUTO_ALLOW_RULES, AUTO_ALLOW_SOURCE, autoAllowOf } from "./sandbox/auto-allow.ts";
export * from "./practice-sandbox.ts";

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
