/**
 * The bash parser, loaded once. Only a real bash grammar can say what a command line really
 * runs: a tokenizer reads `ls a#b; rm -rf x` as one command with a comment, bash runs two.
 * We use tree-sitter-bash (the grammar editors use) compiled to WebAssembly and run by
 * web-tree-sitter: loading it takes some tens of milliseconds once, parsing a command line
 * about a tenth of a millisecond.
 *
 * Why not a faster-to-load pure-JS parser like sh-syntax? It takes ~5 ms a parse, over the
 * 1 ms a permission decision may take in s03, which parses every bash call (nested `bash -c`
 * scripts again).
 *
 * Loading is asynchronous, parsing is not (s03's permission pipeline is a pure, synchronous
 * function). So the loading happens here, with a top-level await: nothing that imports this
 * module runs before the parser is ready, and no line is ever read with a parser still
 * loading. If loading fails, parsing says why, and every command counts as one we cannot see
 * into (opaque): fail closed.
 */
import { createRequire } from "node:module";
import v8 from "node:v8";
import { Language, Parser, type Node } from "web-tree-sitter";

const require = createRequire(import.meta.url);

// V8 first runs WebAssembly with its quick baseline compiler (Liftoff), then recompiles hot
// code with its optimizing one (TurboFan). For this grammar that recompile blocks the main
// thread for over a second right after the first parse — a frozen spinner, a late Ctrl-C, a
// slow --print — to speed up parses that already take a tenth of a millisecond. So: baseline
// code only. Set before the module is compiled; it affects only WebAssembly.
v8.setFlagsFromString("--liftoff-only");

async function loadParser(): Promise<Parser | Error> {
  try {
    await Parser.init();
    const language = await Language.load(require.resolve("tree-sitter-bash/tree-sitter-bash.wasm"));
    return new Parser().setLanguage(language);
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

const loadStarted = performance.now();
const loaded = await loadParser();
/** How long loading took, in ms (scripts/bench/bash-parser-load.ts reports it). */
export const parserLoadMs = performance.now() - loadStarted;

/**
 * Parse `line` and hand its syntax tree to `read`; the tree lives in WebAssembly memory and is
 * freed as soon as `read` returns, so `read` must copy out what it needs. Returns the reason
 * instead when there is no parser (it failed to load).
 */
export function withSyntaxTree<T>(line: string, read: (root: Node) => T): T | { unparsed: string } {
  if (loaded instanceof Error) return { unparsed: `the bash parser failed to load (${loaded.message})` };
  const tree = loaded.parse(line);
  if (!tree) return { unparsed: "the bash parser gave no syntax tree" };
  try {
    return read(tree.rootNode);
  } finally {
    tree.delete();
  }
}

export type { Node as SyntaxNode } from "web-tree-sitter";
