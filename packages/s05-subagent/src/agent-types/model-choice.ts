/**
 * `model:` in an agent file. Claude Code accepts `inherit` and the aliases `sonnet`, `opus`,
 * `haiku`; which real model an alias means depends on the provider, and this harness talks to
 * whatever endpoint the user configured (Anthropic, a proxy, the offline simulator). So an
 * alias keeps the parent's model (the one model we know works there), and only an explicit
 * id changes it: `model: claude-haiku-4-5` sends that id.
 */

/** Written values that mean "the parent's model". */
export const INHERITED_MODELS: ReadonlySet<string> = new Set(["inherit", "sonnet", "opus", "haiku"]);

/** The model id a child's requests name, or undefined for the parent's own. */
export function modelIdFor(written: string | undefined): string | undefined {
  if (written === undefined || INHERITED_MODELS.has(written.toLowerCase())) return undefined;
  return written;
}
