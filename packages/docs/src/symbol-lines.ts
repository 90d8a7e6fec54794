/**
 * Where a named declaration sits in a TypeScript file, so a README can show it and never a
 * copy that drifts: `runChild` (a top-level function, class, interface, type or const) or
 * `PromptAssembler.blocks` (a member of a top-level class), with the comment right above it.
 *
 * The course's code is formatted with two-space indentation, so a declaration ends at the first
 * line back at its own indentation that closes a bracket (`}`, `];`, `});`) — a closing line
 * that opens a body again (`): Promise<void> {`) is the end of a signature, not of the
 * declaration. Anything this cannot place is an error naming the file and the symbol: the
 * README is never given a guess.
 */
import { DocsError } from "./errors.ts";

export interface SymbolLines {
  /** 1-based, inclusive. */
  from: number;
  to: number;
  /** The lines, without the member's indentation. */
  text: string;
}

const MODIFIERS = "(?:export\\s+)?(?:default\\s+)?(?:declare\\s+)?(?:abstract\\s+)?(?:async\\s+)?";
const KINDS = "(?:function\\*?|class|interface|type|enum|const|let|var)";
const MEMBER_MODIFIERS = "(?:(?:public|private|protected|static|readonly|async|override|get|set)\\s+)*\\*?";

export function symbolLines(text: string, symbol: string, file: string): SymbolLines {
  const lines = text.split("\n");
  const [outer, member, ...rest] = symbol.split(".");
  if (!outer || rest.length > 0) throw new DocsError(`${file}: "${symbol}" is not a symbol (write \`name\` or \`Class.member\`)`);
  const top = declaration(lines, 0, lines.length, "", new RegExp(`^${MODIFIERS}${KINDS}\\s+${escapeRegExp(outer)}\\b`), outer, file);
  if (member === undefined) return slice(lines, top, "");
  const indent = "  ";
  const inner = new RegExp(`^${indent}${MEMBER_MODIFIERS}${escapeRegExp(member)}\\s*[(<:=?!]`);
  return slice(lines, declaration(lines, top.start + 1, top.end, indent, inner, symbol, file), indent);
}

interface Span {
  /** 0-based line indexes, inclusive; `first` includes the comment above. */
  first: number;
  start: number;
  end: number;
}

function declaration(lines: string[], from: number, to: number, indent: string, pattern: RegExp, symbol: string, file: string): Span {
  const starts: number[] = [];
  for (let i = from; i < to; i++) if (pattern.test(lines[i]!)) starts.push(i);
  if (starts.length === 0) throw new DocsError(`${file}: no declaration of \`${symbol}\` to excerpt`);
  if (starts.length > 1) throw new DocsError(`${file}: \`${symbol}\` is declared ${starts.length} times; excerpt one by a name that is unique`);
  const start = starts[0]!;
  return { first: commentAbove(lines, start, indent), start, end: endOf(lines, start, indent, symbol, file) };
}

function endOf(lines: string[], start: number, indent: string, symbol: string, file: string): number {
  if (/;\s*$/.test(lines[start]!)) return start; // a declaration on one line
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!;
    const rest = line.slice(indent.length);
    if (line.trim() === "" || !line.startsWith(indent) || /^\s/.test(rest)) continue; // deeper: the body
    if (!/^[}\])]/.test(rest)) break; // back at its indentation, and not closing it
    if (!/[{([]\s*$/.test(rest)) return i; // `}`, `];`, `} as const;`: the end
    // `): Promise<void> {` closes a signature and opens the body: go on.
  }
  throw new DocsError(`${file}: cannot tell where \`${symbol}\` ends (is the file formatted?)`);
}

/** The first line of the comment right above a declaration, or the declaration's own line. */
function commentAbove(lines: string[], start: number, indent: string): number {
  let first = start;
  while (first > 0) {
    const above = lines[first - 1]!;
    if (!above.startsWith(indent) || !/^\s*(?:\/\/|\/\*\*?|\*)/.test(above)) break;
    first--;
  }
  return first;
}

function slice(lines: string[], span: Span, indent: string): SymbolLines {
  const text = lines
    .slice(span.first, span.end + 1)
    .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
    .join("\n");
  return { from: span.first + 1, to: span.end + 1, text };
}

function escapeRegExp(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
