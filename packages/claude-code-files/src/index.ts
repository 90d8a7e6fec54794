/** @learn/claude-code-files — Claude Code's files, read as Claude Code reads them. The lessons keep what is done with them. */
// Permission rules: `Tool` or `Tool(specifier)`, the names they use, their command and path patterns.
export { parseRule, RuleSyntaxError, RULE_LISTS, type Rule, type RuleList } from "./rules/rule.ts";
export { commandPattern, exactCommand, type CommandMatcher } from "./rules/command-pattern.ts";
export { pathPattern, workspacePath, realWorkspacePath, realPlaces, type PathMatcher, type PathPlace } from "./rules/path-pattern.ts";
export { CLAUDE_CODE_ALIASES, ANY_TOOL_NAMES, toolsNamed, namesOf, mcpServerOf, familyOf, specifierKindOf, absentTool, type RuleFamily, type SpecifierKind } from "./rules/tool-names.ts";
