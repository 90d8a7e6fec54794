export { bwrapArgs, inBwrap, type SandboxMounts } from "./bwrap.ts";
export { fixedPartOf, mountsFor, MAX_WALK_ENTRIES, READ_ONLY_FILES, READ_ONLY_FOLDERS, WalkTooLargeError, type DenialInputs } from "./mounts.ts";
export { probeSandbox, PROBE_TIMEOUT_MS, type SandboxProbe } from "./probe.ts";
export { DEFAULT_SANDBOX_SETTINGS, readSandboxSettings, type SandboxSettings } from "./settings.ts";
export { isExcluded } from "./excluded.ts";
export { refusingWrapper, sandboxWrapper } from "./wrapper.ts";
export { isActive, sandboxStateOf, type SandboxState } from "./state.ts";
export { AUTO_ALLOW_RULES, AUTO_ALLOW_SOURCE, autoAllowOf } from "./auto-allow.ts";
