/**
 * The trace's steps are Markdown (the READMEs embed them). At a terminal, `**bold**` and
 * backticks are noise, so `pnpm trace` shows them as a terminal would: bold as bold, code
 * spans as plain (cyan when colours are on), list dashes as bullets. `--markdown` prints
 * the Markdown itself, for pasting into a document.
 */
import type { Palette } from "@learn/core/harness";

export function markdownForTerminal(markdown: string, c: Palette): string {
  return markdown
    .split("\n")
    .map((line) =>
      line
        .replace(/^- /, "  • ")
        .replace(/\*\*([^*]+)\*\*/g, (_m, text: string) => c.bold(text))
        .replace(/`([^`]+)`/g, (_m, code: string) => c.cyan(code)),
    )
    .join("\n");
}
