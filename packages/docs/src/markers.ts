/**
 * The generated blocks of a README, between markers the prose writer leaves in place:
 *
 *   <!-- generated:walkthrough:start -->
 *   ...written by `pnpm docs`...
 *   <!-- generated:walkthrough:end -->
 *
 * Only the text between a pair of markers is ever replaced; everything around it is the
 * writer's. A README without a block's markers gets them right under the block's heading.
 */
import { DocsError } from "./errors.ts";

export const BLOCK_NAMES = ["read-first", "what-changed", "code-diff", "walkthrough"] as const;
export type BlockName = (typeof BLOCK_NAMES)[number];
/** A lesson README's blocks, and the book's own (the comparison chapter's table, comparison-chapter.ts). */
type MarkerName = BlockName | "claude-code-comparison";

export const startMarker = (name: MarkerName) => `<!-- generated:${name}:start -->`;
export const endMarker = (name: MarkerName) => `<!-- generated:${name}:end -->`;

/** Where a block's body sits: between the end of the start marker and the end marker. */
interface Span {
  from: number;
  to: number;
}

/** The text between a block's markers, or undefined when the README has no such block. */
export function readBlock(text: string, name: MarkerName, file: string): string | undefined {
  const span = findSpan(text, name, file);
  return span && text.slice(span.from, span.to);
}

/**
 * The README with the block's body set to `body`. Without markers, the block goes right
 * after `heading`; without that heading either, there is nowhere safe to put it.
 */
export function writeBlock(text: string, name: MarkerName, body: string, heading: string, file: string): string {
  const inner = `\n${body}\n`;
  const span = findSpan(text, name, file);
  if (span) return text.slice(0, span.from) + inner + text.slice(span.to);
  const at = headingEnd(text, heading);
  if (at === undefined) {
    throw new DocsError(`${file}: no ${startMarker(name)} marker, and no "${heading}" heading to put the ${name} block under`);
  }
  return `${text.slice(0, at)}\n${startMarker(name)}${inner}${endMarker(name)}\n${text.slice(at)}`;
}

function findSpan(text: string, name: MarkerName, file: string): Span | undefined {
  const start = startMarker(name);
  const end = endMarker(name);
  const starts = occurrences(text, start);
  const ends = occurrences(text, end);
  if (starts.length === 0 && ends.length === 0) return undefined;
  if (starts.length !== 1 || ends.length !== 1 || ends[0]! < starts[0]!) {
    throw new DocsError(`${file}: the ${name} block needs exactly one ${start} followed by one ${end}`);
  }
  return { from: starts[0]! + start.length, to: ends[0]! };
}

function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + needle.length)) found.push(i);
  return found;
}

/** The offset just after the line `heading` (and its newline), if the README has it. */
function headingEnd(text: string, heading: string): number | undefined {
  const escaped = heading.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`^${escaped}[ \\t]*(?:\\r?\\n|$)`, "m").exec(text);
  return match ? match.index + match[0].length : undefined;
}
