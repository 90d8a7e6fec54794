/**
 * The refuse-list: commands the bash tool will not run, whatever the model says.
 *
 * This is a teaching guard, not a security boundary. A determined model can get round a
 * pattern list (`s""udo`, a script file, base64...). Real isolation is a sandbox or a
 * container; s03 adds a real permission system on top of this list.
 */
export const REFUSED_COMMANDS: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: /\brm\s+-rf\s+\/(?:\s|\*|$)/, what: "rm -rf /" },
  { pattern: /\bsudo\b/, what: "sudo" },
  { pattern: /\bshutdown\b/, what: "shutdown" },
  { pattern: /\breboot\b/, what: "reboot" },
  { pattern: /\bmkfs\b/, what: "mkfs" },
  { pattern: /\bdd\s+if=/, what: "dd if=" },
  { pattern: />\s*\/dev\/sd/, what: "> /dev/sd" },
];

/** Why `command` is refused, or undefined when it may run. */
export function refusalFor(command: string): string | undefined {
  const hit = REFUSED_COMMANDS.find(({ pattern }) => pattern.test(command));
  return hit && `Refused: the command contains "${hit.what}", which this harness never runs.`;
}
