/**
 * The workspace's custom commands, for the lead (where a person types them): its commands for the REPL, and
 * the hook that opens a command's allowed-tools at its turn's start. What could not be loaded
 * is shown and skipped; the agent starts anyway.
 */
import type { Mechanism } from "@learn/core";
import { loadCustomCommands } from "./load.ts";
import { customSlashCommands } from "./slash-commands.ts";

export const customCommands: Mechanism = {
  name: "custom commands",
  for: ["lead"],
  async add(base, { options }) {
    // Inline commands are judged by s03's policy: without it there is nothing to judge with.
    if (!base.permissions) throw new Error("custom commands need s03's permissions in the parts (AgentParts.permissions)");
    const { commands, problems } = await loadCustomCommands(options.cwd, base.commands.map((c) => c.name));
    for (const problem of problems) options.renderer.error(problem);
    const custom = customSlashCommands(commands, {
      cwd: base.cwd ?? (() => options.cwd),
      permissions: base.permissions,
      renderer: options.renderer,
      tools: base.tools,
    });
    return { ...base, commands: [...base.commands, ...custom.commands], hooks: [...base.hooks, ...custom.hooks] };
  },
};
