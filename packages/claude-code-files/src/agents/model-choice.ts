/**
 * `model:` in an agent file, resolved as Claude Code (2.1.328) resolves it:
 *
 *   (none), inherit          the parent's model
 *   haiku, sonnet, opus,     an alias (any case): ANTHROPIC_DEFAULT_HAIKU_MODEL (…_SONNET_, …_OPUS_,
 *   fable                    …_FABLE_) when set, else the provider's default for it
 *   anything else            a model id, sent as written
 *
 * Why aliases at all: an agent file is shared between projects and providers, so it names a
 * kind of model ("the cheap, fast one") and each setup says which real id that is. Claude Code
 * sends its own ids for an alias to any endpoint; so do we, on Anthropic's API and on the
 * offline simulator. On another provider (ANTHROPIC_BASE_URL elsewhere) Claude's ids may not
 * exist, so with no variable set an alias keeps the parent's model, the one model we know works
 * there — and the loader says so, naming the variable to set.
 */
import type { LessonFlag } from "@learn/core/harness";

export const MODEL_ALIASES = ["haiku", "sonnet", "opus", "fable"] as const;
export type ModelAlias = (typeof MODEL_ALIASES)[number];

/** The variable Claude Code reads for each alias's target (also a flag: `--haiku-model`). */
export const aliasEnv = (alias: ModelAlias) => `ANTHROPIC_DEFAULT_${alias.toUpperCase()}_MODEL`;
export const aliasFlag = (alias: ModelAlias) => `${alias}-model`;

/** What Claude Code 2.1.328 sends for each alias when no variable is set (measured, not guessed). */
export const CLAUDE_CODE_ALIAS_MODELS: Readonly<Record<ModelAlias, string>> = {
  haiku: "claude-haiku-5-5",
  sonnet: "claude-sonnet-5-5",
  opus: "claude-opus-5-5",
  fable: "claude-fable-5-2",
};

/** The lesson's flags, one per alias, each set by Claude Code's variable when not on the command line. */
export const MODEL_ALIAS_FLAGS: readonly LessonFlag[] = MODEL_ALIASES.map((alias) => ({
  name: aliasFlag(alias),
  env: aliasEnv(alias),
  description: `the model id a subagent's \`model: ${alias}\` means (default: ${CLAUDE_CODE_ALIAS_MODELS[alias]} on Anthropic's API and offline; the parent's model elsewhere)`,
}));

/** Each alias's model id in this session; undefined: the parent's model. */
export type AliasTargets = Readonly<Record<ModelAlias, string | undefined>>;

/** Which provider the parent talks to: Claude's own ids work on Anthropic's API and on the simulator. */
export type Provider = "anthropic" | "other";

/** Each alias's target: the flag (or its variable) when set, else the provider's default. */
export function aliasTargets(flags: Record<string, string | undefined>, provider: Provider): AliasTargets {
  const entries = MODEL_ALIASES.map((alias) => {
    const set = flags[aliasFlag(alias)]?.trim();
    return [alias, set || (provider === "anthropic" ? CLAUDE_CODE_ALIAS_MODELS[alias] : undefined)] as const;
  });
  return Object.fromEntries(entries) as Record<ModelAlias, string | undefined>;
}

/** With no flag set: Claude Code's own ids (the loader's default, and a test's). */
export const CLAUDE_CODE_TARGETS: AliasTargets = aliasTargets({}, "anthropic");

/** The alias `written` names (any case), or undefined when it is not one. */
export function aliasOf(written: string | undefined): ModelAlias | undefined {
  const lower = written?.toLowerCase();
  return MODEL_ALIASES.find((alias) => alias === lower);
}

/** The model id a child's requests name, or undefined for the parent's own. */
export function modelIdFor(written: string | undefined, targets: AliasTargets = CLAUDE_CODE_TARGETS): string | undefined {
  if (written === undefined || written.toLowerCase() === "inherit") return undefined;
  const alias = aliasOf(written);
  return alias ? targets[alias] : written;
}
