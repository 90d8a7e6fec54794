/** Custom slash commands in Claude Code's format: `.claude/commands/<name>.md`. */
export { COMMANDS_DIR, COMMAND_NAME, loadCustomCommands, type CustomCommand, type CommandCatalog } from "./load.ts";
export { fillArguments, splitArguments } from "./arguments.ts";
export { inlineCommandsOf, INLINE_COMMAND, INLINE_TIMEOUT_MS, INLINE_OUTPUT_CHARS } from "./inline-commands.ts";
export { TurnGrants, COMMAND_GRANTS_HOOK } from "./turn-grants.ts";
export { customSlashCommands, type CustomCommandDeps } from "./slash-commands.ts";
export { customCommands } from "./with-custom-commands.ts";
