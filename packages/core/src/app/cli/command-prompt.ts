/**
 * A prompt as `claude -p "/cmd args"` reads it: a first word `/name` calls the agent's command
 * `name`; a command that answers with a turn runs that turn, one that answers with text prints
 * it. `--print` reads its prompt this way, and so does a demo whose script types a command (s16's
 * `/goal …`). An unknown `/name` is an error, never sent to the model — a typo would otherwise
 * become a prompt. A first word that is not a command name (`/tmp/x.log explain it`) is an
 * ordinary prompt. The REPL's own commands (/help, /clear...) are not offered here.
 */
import { describeError } from "../../runtime/errors.ts";
import { commandLineOf, describeExpansion, isCommandTurn, type Agent, type CommandResult, type CommandTurn } from "../../runtime/lesson.ts";
import type { Renderer } from "../../runtime/renderer.ts";

/** What a prompt comes to: a turn to run, a command's text to print, or an exit code (the error is shown). */
export type CommandPrompt = { prompt: string; turn?: CommandTurn } | { output: string } | { exit: number };

export async function commandPrompt(agent: Pick<Agent, "commands">, prompt: string, renderer: Renderer): Promise<CommandPrompt> {
  const line = commandLineOf(prompt);
  if (!line || line.name === "") return { prompt };
  const commands = agent.commands ?? [];
  const command = commands.find((c) => c.name === line.name);
  if (!command) {
    const offered = commands.length ? `this agent's commands are ${commands.map((c) => `/${c.name}`).join(", ")}` : "this agent has no commands";
    renderer.error(`Unknown command /${line.name}: ${offered}. Nothing was sent to the model.`);
    return { exit: 2 };
  }
  let out: CommandResult;
  try {
    out = await command.run(line.args);
  } catch (err) {
    renderer.error(describeError(err));
    return { exit: 1 };
  }
  if (!isCommandTurn(out)) return { output: out ?? "" };
  renderer.notice(describeExpansion(line.name, out.shown ?? out.prompt));
  return { prompt: out.prompt, turn: out };
}
