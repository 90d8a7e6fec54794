/**
 * One word of a command line, the way bash will see it: `"su""do"` is the word `sudo`,
 * `r\m` is `rm`, `'$(x)'` is the text `$(x)`, but `"$(x)"` runs x first.
 *
 * A word is *literal* when its value is known before the command runs (plain text and quotes
 * only). A word with `$HOME`, `${x}`, `$((1+1))` or `$'\x72m'` in it is not: fine as an
 * argument, but a program name we cannot read in advance is a program we cannot judge.
 * Command and process substitutions inside a word are collected: they are commands too.
 */
import type { SyntaxNode } from "./parser.ts";

export interface BashWord {
  /** Its value with the quotes removed; expansions kept as written (`$HOME/x`). */
  text: string;
  /** True when `text` is exactly what bash will use. */
  literal: boolean;
  /** The `$(...)`, backtick and `<(...)` nodes inside it: commands that run first. */
  substitutions: SyntaxNode[];
  /** A node type this analysis does not model, if any: the word is then opaque. */
  unknown?: string;
}

export const SUBSTITUTIONS = new Set(["command_substitution", "process_substitution"]);

/** Node types that may appear inside a word and that we understand. */
const WORD_PARTS = new Set([
  "word", "number", "raw_string", "string", "string_content", "concatenation", "translated_string",
  "simple_expansion", "expansion", "variable_name", "special_variable_name", "subscript",
  "arithmetic_expansion", "ansi_c_string", "brace_expression", "array",
  // pieces of `${x:-y}`, `${x#y}`, `$((...))`:
  "binary_expression", "unary_expression", "postfix_expression", "parenthesized_expression", "ternary_expression",
  "regex", "extglob_pattern", "test_operator",
  // a here-document's text (`<<EOF`; with `<<'EOF'` it has no expansions):
  "heredoc_body", "heredoc_content",
]);

export function wordOf(node: SyntaxNode): BashWord {
  const word: BashWord = { text: wordValue(node), literal: isLiteral(node), substitutions: [] };
  if (SUBSTITUTIONS.has(node.type)) word.substitutions.push(node);
  else if (!WORD_PARTS.has(node.type)) word.unknown = node.type;
  else inspect(node, word);
  return word;
}

/** Collect substitutions and unknown node types anywhere inside the word. */
function inspect(node: SyntaxNode, word: BashWord): void {
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (SUBSTITUTIONS.has(child.type)) word.substitutions.push(child);
    else if (!WORD_PARTS.has(child.type)) word.unknown ??= child.type;
    else inspect(child, word);
  }
}

function isLiteral(node: SyntaxNode): boolean {
  switch (node.type) {
    case "word":
      // `/bin/r?`, `{rm,-rf,x}`: globs and braces expand to something else.
      return !/[*?[{]/.test(node.text.replace(/\\./g, ""));
    case "number":
    case "raw_string":
      return true;
    case "string":
      return node.namedChildren.every((c) => c?.type === "string_content");
    case "concatenation":
      return node.namedChildren.every((c) => c !== null && isLiteral(c));
    default:
      return false;
  }
}

/** The word's value as bash would pass it (for literal words), or as written otherwise. */
function wordValue(node: SyntaxNode): string {
  switch (node.type) {
    case "word":
      return unescapeBare(node.text);
    case "raw_string":
      return node.text.slice(1, -1);
    case "string":
      return unescapeDoubleQuoted(node.text.slice(1, -1));
    case "translated_string":
      return unescapeDoubleQuoted(node.text.slice(2, -1));
    case "concatenation":
      return node.namedChildren.map((c) => (c ? wordValue(c) : "")).join("");
    default:
      return node.text;
  }
}

/** Outside quotes a backslash quotes the next character; before a newline it joins lines. */
function unescapeBare(text: string): string {
  return text.replace(/\\\r?\n/g, "").replace(/\\(.)/gs, "$1");
}

/** Inside double quotes a backslash quotes only $ ` " \ and the newline. */
function unescapeDoubleQuoted(text: string): string {
  return text.replace(/\\\r?\n/g, "").replace(/\\([$`"\\])/g, "$1");
}
