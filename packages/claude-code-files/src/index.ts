/** @learn/claude-code-files — Claude Code's files, read as Claude Code reads them. The lessons keep what is done with them. */
// Permission rules: `Tool` or `Tool(specifier)`, the names they use, their command and path patterns.
export { parseRule, RuleSyntaxError, RULE_LISTS, type Rule, type RuleList } from "./rules/rule.ts";
export { commandPattern, exactCommand, type CommandMatcher } from "./rules/command-pattern.ts";
export { pathPattern, workspacePath, realWorkspacePath, realPlaces, type PathMatcher, type PathPlace } from "./rules/path-pattern.ts";
export { CLAUDE_CODE_ALIASES, ANY_TOOL_NAMES, toolsNamed, namesOf, mcpServerOf, familyOf, specifierKindOf, absentTool, type RuleFamily, type SpecifierKind } from "./rules/tool-names.ts";
// Settings files: where they are, what they say, and how the three merge.
export { PERMISSION_MODES, DEFAULT_MODE, isPermissionMode, type PermissionMode } from "./settings/permission-modes.ts";
export { SETTINGS_FILE, LOCAL_SETTINGS_FILE, settingsPlaces, type SettingsPlace, type SettingsScope } from "./settings/files.ts";
export { ruleSchema } from "./settings/schema.ts";
export { loadSettings, loadSettingsFile, type Settings, type SettingsFile } from "./settings/load.ts";
// Command hooks: their configuration in settings, the JSON they are sent, how their answer is read.
export { COMMAND_HOOK_EVENTS, DEFAULT_HOOK_TIMEOUT_S, TOOL_EVENTS, hookMatcherSchema, isCommandHookEvent, toolMatcher, type CommandHookEvent, type CommandHookSpec, type HookConfig, type HookMatcherSpec } from "./hooks/config.ts";
export { payloadOf, toClaudeCode, fromClaudeCode, type EventDetails, type HookSession } from "./hooks/payload.ts";
export { verdictOf, BLOCKING_EXIT_CODE, type HookVerdict } from "./hooks/verdict.ts";
// Agent files: `.claude/agents/*.md`, and what their `permissionMode` means for a child.
export { parseAgentFile, MAX_AGENT_NAME, type AgentFile } from "./agents/agent-file.ts";
export { childMode, modeOf, CLAUDE_CODE_MODES } from "./agents/permission-mode.ts";
export {
  aliasEnv,
  aliasFlag,
  aliasOf,
  aliasTargets,
  CLAUDE_CODE_ALIAS_MODELS,
  CLAUDE_CODE_TARGETS,
  MODEL_ALIAS_FLAGS,
  MODEL_ALIASES,
  modelIdFor,
  type AliasTargets,
  type ModelAlias,
  type Provider,
} from "./agents/model-choice.ts";
// Skill and command files: SKILL.md and `.claude/commands/*.md`, and the frontmatter they share.
export { parseSkillFile, SKILL_FILE, MAX_DISPLAY_NAME_CHARS, type SkillFile } from "./skills/skill-file.ts";
export { parseCommandFile, type CommandFile } from "./commands/command-file.ts";
export { checkAllowedTools, descriptionFromBody, ignoredKeys, BODY_DESCRIPTION_CHARS, IGNORED_KEYS } from "./frontmatter-fields.ts";
// Scheduled tasks: `.claude/scheduled_tasks.json`, with the caller's reading of cron expressions.
export { scheduledTasksFormat, CRON_FILE, CRON_MAX_AGE_MS, MAX_CRON_JOBS, MAX_CRON_PROMPT_CHARS, CronFileSchema, TASK_KEYS, FILE_KEYS } from "./scheduled-tasks/tasks-file.ts";
export { expiresAt, jobKey, promptTooLong, type CronJob, type CronFile, type ReadCron, type SkippedTask } from "./scheduled-tasks/tasks-file.ts";
