/**
 * The refuse-list, s03's version: commands this harness never runs, in any mode, whatever the
 * rules say. s01 spotted them with patterns over the raw text, which the spelling defeats:
 * `rm -fr /`, `rm -r -f -- "/"`, `"su""do"`, `/sbin/reboot`. Here the list runs on the parsed
 * commands (@learn/bash-analysis) — every one of them, nested ones included — and looks at what
 * each really is: its program by name, its options however they are written, its targets
 * with the quotes removed.
 *
 * It is still a short list of known disasters, not a sandbox: bash can do damage in more ways
 * than any list names. It is one layer of several (rules, modes, asking, and — for real
 * isolation — a container).
 */
import { posix } from "node:path";
import type { ShellCommand } from "@learn/bash-analysis";

/** One entry: what it is called in a refusal, and whether a command (program by name) is it. */
interface Refusal {
  what: string;
  hits: (program: string, args: readonly string[], command: ShellCommand) => boolean;
}

/** Whole disks: writing to one destroys its file systems. */
const DISK = /^\/dev\/(sd|hd|vd|xvd|nvme|mmcblk)/;
const named = (name: string): Refusal => ({ what: name, hits: (program) => program === name });

const REFUSALS: readonly Refusal[] = [
  { what: "rm -rf /", hits: (program, args) => program === "rm" && removesRoot(args) },
  // `.*` is every hidden file, .git/ and .claude/ included; Claude Code refuses it too ("Glob patterns are not allowed in write operations").
  { what: "rm .*", hits: (program, args) => (program === "rm" || program === "rmdir") && args.some((a) => /(^|\/)\.\*\/?$/.test(a)) },
  ...["sudo", "su", "doas", "pkexec", "shutdown", "reboot", "poweroff", "halt"].map(named),
  { what: "mkfs", hits: (program) => program === "mkfs" || program.startsWith("mkfs.") },
  { what: "dd if=", hits: (program, args) => program === "dd" && args.some((a) => a.startsWith("if=")) },
  {
    what: "> /dev/sd",
    hits: (program, args, command) =>
      command.writes.some((w) => DISK.test(w)) || (program === "dd" && args.some((a) => a.startsWith("of=") && DISK.test(a.slice(3)))),
  },
];

/** What the list refuses, as `/permissions` shows it. */
export const REFUSE_LIST: readonly string[] = REFUSALS.map((r) => r.what);

/** Why these commands are refused, or undefined when none of them is on the list. */
export function refusalOf(commands: readonly ShellCommand[]): string | undefined {
  for (const command of commands) {
    const [program = "", ...args] = command.words;
    const hit = REFUSALS.find((r) => r.hits(program, args, command));
    if (hit) return `the command contains "${hit.what}", which this harness never runs.`;
  }
  return undefined;
}

/** `rm` recursive (`-r`, `-R`, `-rf`, `-fr`, `--recursive`...) with `/` or `/*` as a target. */
function removesRoot(args: readonly string[]): boolean {
  let recursive = false;
  const targets: string[] = [];
  let options = true;
  for (const arg of args) {
    if (options && arg === "--") options = false;
    else if (options && arg.startsWith("--")) recursive ||= arg === "--recursive";
    else if (options && arg.startsWith("-") && arg !== "-") recursive ||= /[rR]/.test(arg);
    else targets.push(arg);
  }
  // Force or not: as root, `rm -r /` asks nothing either.
  return recursive && targets.some(isRoot);
}

/** `/`, `//`, `/.`, `/..`, `/*`, `/./*`: the root, or everything in it. */
function isRoot(target: string): boolean {
  const normal = posix.normalize(target).replace(/(.)\/$/, "$1");
  return normal === "/" || normal === "/*";
}
