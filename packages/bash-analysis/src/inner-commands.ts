/**
 * Programs that run other commands given in their arguments. Whoever looks for an `rm` must
 * see the rm in `bash -lc 'rm -rf x'`, `eval "rm -rf x"` and `find . -exec rm {} +`; and
 * `bash -c ...` cannot be judged by its own name, since what it runs is the script.
 *
 *   bash -lc 'rm x'     a nested shell: its script is parsed like any command line
 *   eval rm x           the same, with the arguments joined
 *   source ./setup.sh   runs a file's commands: nothing to see in advance
 *   echo ls | bash      a shell reading commands from its input: the same
 *   trap 'rm x' EXIT    the same: the handler runs later
 *   find . -exec rm {} \;   the command after -exec, seen like any other command
 */
import type { BashWord } from "./words.ts";
import { programName } from "./wrappers.ts";

export interface InnerCommands {
  /**
   * A command line this command runs: parse it (its commands are opaque: they run nested).
   * When it is built at run time (`bash -c "rm $X"`) this is its text as written: still
   * worth parsing, so that the rm is seen.
   */
  script?: string;
  /** Commands it runs, as words, visible in advance (`find -exec`). */
  commands?: BashWord[][];
  /** Why part of what it runs cannot be seen in advance. */
  opaque?: string;
  /** Why what it acts on is not known in advance, though all it runs is seen (`find -delete`). */
  actsOnUnnamed?: string;
}

/** Shells whose `-c` argument is a whole other command line. */
const SHELLS = new Set(["bash", "sh", "zsh", "dash", "ksh", "mksh", "ash"]);
/** Shell options that take the next word as their value: `bash -o pipefail -c ...`. */
const SHELL_OPTIONS_WITH_VALUE = new Set(["--rcfile", "--init-file"]);
const FIND_EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
/** find actions that delete files or write them. */
const FIND_CHANGES = new Set(["-delete", "-fprint", "-fprint0", "-fprintf", "-fls"]);

/** What `core` (a command, wrappers removed) runs besides itself, if anything. */
export function innerCommandsOf(core: readonly BashWord[]): InnerCommands | undefined {
  const program = programName(core[0]?.text ?? "");
  const args = core.slice(1);
  if (SHELLS.has(program)) return nestedShell(program, args);
  if (program === "eval") return evaluated(args);
  if (program === "source" || program === ".") return { opaque: `it runs the commands of a file (${program})` };
  if (program === "env" && args.some((a) => /^(-S|--split-string)/.test(a.text))) return { opaque: "it runs a command line given to env -S" };
  if (program === "find") return findExec(args);
  if (program === "trap" && args[0] && !args[0].text.startsWith("-")) return handler(args[0]);
  return undefined;
}

/** `bash -lc 'script'`, `sh -e -c 'script'`, `bash script.sh`, or a shell reading its input. */
function nestedShell(program: string, args: readonly BashWord[]): InnerCommands | undefined {
  let i = 0;
  let takesScript = false;
  let readsInput = false;
  for (; i < args.length; i++) {
    const arg = args[i]!.text;
    if (arg === "--" || arg === "-") {
      i++;
      break;
    }
    if (!/^[-+]./.test(arg)) break;
    if (arg.startsWith("--")) {
      if (SHELL_OPTIONS_WITH_VALUE.has(arg)) i++;
      continue;
    }
    const letters = arg.slice(1);
    if (arg.startsWith("-") && letters.includes("c")) takesScript = true;
    if (letters.includes("s")) readsInput = true;
    if (/[oO]/.test(letters)) i++; // -o pipefail, +O extglob
  }
  if (takesScript) {
    const script = args[i];
    if (script === undefined) return { opaque: `it runs a nested shell (${program} -c) without a script` };
    const known = script.literal ? "" : " whose script is built at run time";
    return { script: script.text, opaque: `it runs a nested shell (${program} -c ...)${known}` };
  }
  if (readsInput || args[i] === undefined) return { opaque: `it runs a shell (${program}) that reads its commands from its input` };
  return undefined; // `bash script.sh`: runs a file, like `node script.js`
}

/** `eval` joins its arguments into a command line and runs it. */
function evaluated(args: readonly BashWord[]): InnerCommands {
  return { script: args.map((a) => a.text).join(" "), opaque: "it runs a command line built by eval" };
}

/** `trap 'cleanup' EXIT`: the handler is a command line, run when the signal comes. */
function handler(script: BashWord): InnerCommands {
  return { script: script.text, opaque: "it sets a trap handler, a command line run later" };
}

/**
 * `find . -name '*.tmp' -exec rm {} +`: the words between -exec and `;` or `+` are a command,
 * run on files nobody listed in advance. So an -exec (or -delete, or an action that writes a
 * file) makes find act on what it finds, not on what it names: for s03, `Bash(find *)` means
 * looking, as in Claude Code, which asks for these.
 */
function findExec(args: readonly BashWord[]): InnerCommands | undefined {
  const commands: BashWord[][] = [];
  for (let i = 0; i < args.length; i++) {
    if (!FIND_EXEC.has(args[i]!.text)) continue;
    const end = args.findIndex((a, k) => k > i && (a.text === ";" || a.text === "+"));
    const last = end === -1 ? args.length : end;
    if (last > i + 1) commands.push(args.slice(i + 1, last));
    i = last;
  }
  const action = args.find((a) => FIND_EXEC.has(a.text) || FIND_CHANGES.has(a.text))?.text;
  if (!action) return undefined;
  return { commands, actsOnUnnamed: `find ${action} runs a command or changes files on what it finds` };
}
