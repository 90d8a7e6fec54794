/**
 * Custom commands as the REPL's slash commands. `/name args`:
 *
 *   1. fill in the arguments          $ARGUMENTS, $1...$9 (arguments.ts)
 *   2. judge its inline commands      each !`cmd` as a bash call, allowed-tools granted meanwhile
 *   3. run them, inline the output    denied, or one fails: no turn starts, the user is told why
 *   4. attach the files it @mentions  judged as read_file calls, the same way (file-mentions.ts)
 *   5. return { prompt, onEnd }       Claude Code's <command-message> tags first (command-message.ts);
 *                                     the REPL runs the turn; allowed-tools hold for it alone
 * A skill the user may start (not `user-invocable: false`) is a command too, as in Claude Code:
 * `/code-review src/` runs its SKILL.md (read when typed, after a line naming its folder) the same way.
 */
import type { AgentContext, Hook, Renderer, SlashCommand, Tool } from "@learn/core";
import type { PermissionAccess } from "@learn/s03";
import { fillArguments } from "./arguments.ts";
import { commandPrompt } from "./command-message.ts";
import { attachedFiles, mentionedFiles } from "./file-mentions.ts";
import { firstDenial, inlineCommandsOf, inlineOutputs } from "./inline-commands.ts";
import { skillPrompt } from "../skills/skill-prompt.ts";
import type { Skill } from "../skills/load.ts";
import type { CustomCommand } from "./load.ts";
import { TurnGrants } from "./turn-grants.ts";

export interface CustomCommandDeps {
  /** Where the agent works now: inline commands run there. */
  cwd: () => string;
  /** s03's permissions (AgentParts.permissions): the judge, and the grants for allowed-tools. */
  permissions: PermissionAccess;
  renderer: Renderer;
  /** The agent's tools: an inline command is judged as a call of its `bash` tool. */
  tools: readonly Tool[];
}

/** What a slash command runs: a command file's template, or a skill's instructions read when typed. */
type Runnable = Omit<CustomCommand, "template"> & { template: () => Promise<string> };

export function customSlashCommands(
  commands: readonly CustomCommand[],
  deps: CustomCommandDeps,
  skills: readonly Skill[] = [],
): { commands: SlashCommand[]; hooks: Hook[] } {
  const turnGrants = new TurnGrants(deps.permissions.grants);
  const runnables: Runnable[] = [
    ...commands.map((c) => ({ ...c, template: async () => c.template })),
    ...skills.filter((s) => !s.modelOnly).map((s) => ({ ...s, template: () => skillPrompt(s) })),
  ];
  return {
    commands: runnables.map((runnable) => slashCommandOf(runnable, deps, turnGrants)),
    hooks: [turnGrants.hook],
  };
}

function slashCommandOf(command: Runnable, deps: CustomCommandDeps, turnGrants: TurnGrants): SlashCommand {
  const source = `/${command.name}'s allowed-tools`;
  return {
    name: command.name,
    description: helpLine(command),
    async run(args, ctx) {
      const filled = fillArguments(await command.template(), args);
      const cwd = deps.cwd();
      const inline = inlineCommandsOf(filled);
      if (inline.length > 0) {
        const denial = await withGrants(deps.permissions, command.allowedTools, source, () =>
          firstDenial(inline, { cwd, bash: deps.tools.find((t) => t.name === "bash"), judge: (call) => deps.permissions.judge(call, { cwd }) }),
        );
        if (denial) throw new Error(`/${command.name} did not start: ${denial}`);
      }
      let body = filled;
      if (inline.length > 0) {
        deps.renderer.notice(`/${command.name} runs ${inline.map((c) => `\`${c}\``).join(", ")} in ${cwd}`);
        const ran = await inlineOutputs(filled, cwd);
        if ("failure" in ran) throw new Error(`/${command.name} did not start: ${ran.failure}`);
        body = ran.text;
      }
      const attached = ctx ? await attachMentions(filled, cwd, command, deps, ctx) : "";
      const prompt = commandPrompt({ name: command.name, args, body, attached });
      return { prompt, shown: body, onEnd: turnGrants.prepare(prompt, command.allowedTools, source) };
    },
  };
}

/** The files the command's own text @mentions (not what its inline commands printed), judged with its allowed-tools. */
async function attachMentions(text: string, cwd: string, command: Runnable, deps: CustomCommandDeps, ctx: AgentContext): Promise<string> {
  const files = await mentionedFiles(text, cwd);
  if (files.length === 0) return "";
  const read = deps.tools.find((t) => t.name === "read_file");
  const source = `/${command.name}'s allowed-tools`;
  const judge = (call: Parameters<PermissionAccess["judge"]>[0]) => deps.permissions.judge(call, { cwd });
  const attached = await withGrants(deps.permissions, command.allowedTools, source, () => attachedFiles(files, { read, judge, ctx }));
  if ("failure" in attached) throw new Error(`/${command.name} did not start: ${attached.failure}`);
  return attached.text;
}

/**
 * `[args]  What it does (from .claude/commands/x.md)`: a skill's long description cut to 80
 * characters, so the whole line stays on one line of a 160-column terminal.
 */
function helpLine(c: Runnable): string {
  const text = c.description.length > 80 ? `${c.description.slice(0, 79)}…` : c.description;
  return [c.argumentHint, `${text} (from ${"source" in c && c.source === "bundled" ? "a skill that comes with the course" : c.file})`].filter(Boolean).join("  ");
}

/** Run `judging` with the command's rules granted, and take them back however it ends. */
async function withGrants<T>(permissions: PermissionAccess, rules: readonly string[], source: string, judging: () => Promise<T>): Promise<T> {
  const revoke = permissions.grants.add(rules, source);
  try {
    return await judging();
  } finally {
    revoke();
  }
}
