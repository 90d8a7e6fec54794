/**
 * The custom commands, for the lead (where a person types them): the workspace's and the user's
 * command files, and the skills a person may start (`/code-review src/`), as the REPL's slash
 * commands; and the hook that opens a command's allowed-tools at its turn's start. What could
 * not be loaded is shown and skipped; the agent starts anyway.
 */
import type { Mechanism } from "@learn/core";
import { userClaudeDir } from "@learn/core/harness";
import { loadSkills } from "../skills/load.ts";
import { loadCustomCommands } from "./load.ts";
import { customSlashCommands } from "./slash-commands.ts";

export const customCommands: Mechanism = {
  name: "custom commands",
  for: ["lead"],
  // --check-config: every command file of the workspace and the user's, as the lead would load it.
  checkConfig: async ({ cwd, userDir }) => ({ commands: (await loadCustomCommands(cwd, [], userDir)).reports }),
  async add(base, { options }) {
    // Inline commands are judged by s03's policy: without it there is nothing to judge with.
    if (!base.permissions) throw new Error("custom commands need s03's permissions in the parts (AgentParts.permissions)");
    const userDir = options.userDir ?? userClaudeDir();
    const { commands, problems, notices } = await loadCustomCommands(options.cwd, base.commands.map((c) => c.name), userDir);
    for (const problem of problems) options.renderer.error(problem);
    for (const notice of notices) options.renderer.notice(notice);
    // The skills mechanism has reported on the skills already: here they only become commands.
    const taken = new Set([...base.commands.map((c) => c.name), ...commands.map((c) => c.name)]);
    const skills = (await loadSkills(options.cwd, { userDir })).skills.filter((s) => !taken.has(s.name));
    const deps = { cwd: base.cwd ?? (() => options.cwd), permissions: base.permissions, renderer: options.renderer, tools: base.tools };
    const custom = customSlashCommands(commands, deps, skills);
    return { ...base, commands: [...base.commands, ...custom.commands], hooks: [...base.hooks, ...custom.hooks] };
  },
};
