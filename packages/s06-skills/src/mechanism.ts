/**
 * What lesson 6 adds: knowledge the model loads when it needs it, and the user's own slash
 * commands, as two mechanisms:
 *
 *   knowledge         every agent: skills, memory, CLAUDE.md, and a prompt the API can cache (knowledge.ts)
 *   custom commands   the lead, where a person types them: .claude/commands/ (commands/with-custom-commands.ts)
 */
export { knowledge } from "./knowledge.ts";
export { customCommands } from "./commands/index.ts";
