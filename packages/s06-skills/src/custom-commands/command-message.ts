/**
 * The prompt a `/name args` turn sends, shaped as Claude Code's: the files the text mentions
 * (file-mentions.ts), then which command the person typed, then the command's text.
 *
 *   <command-message>review</command-message>
 *   <command-name>/review</command-name>
 *   <command-args>src/cart.ts</command-args>
 *   Review src/cart.ts …
 *
 * The tags tell the model that a person ran a command and with what, so it does not mistake the
 * expanded text for words the person typed. (Claude Code sends each part as its own text block;
 * a course turn starts from one prompt string, so here they are one text, in the same order.)
 */
export function commandPrompt(o: { name: string; args: string; body: string; attached: string }): string {
  const tags = `<command-message>${o.name}</command-message>\n<command-name>/${o.name}</command-name>\n<command-args>${o.args.trim()}</command-args>\n`;
  return `${o.attached ? `${o.attached}\n` : ""}${tags}${o.body}`;
}
