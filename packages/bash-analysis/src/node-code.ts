/**
 * Where node takes code from besides a `.js` file the line names. A rule for the project's test
 * runner (`Bash(node --test *)`) is a yes to running its tests, not to any code: the same words
 * with `--import data:text/javascript,...`, `--require ./notes.md`, a reporter module of the
 * model's (`--test-reporter=./x.md`) or a `.md` file as a test (node runs any file as
 * JavaScript) are code the rule never saw. s03 lets only a rule for node itself (`Bash(node *)`)
 * approve such a line.
 *
 * The options listed are the ones node 20's `--help` gives for its test runner, plus the
 * harmless ones; any other option may load code, as far as this course knows.
 */

const FLAGS = new Set(["--test", "--test-only", "--experimental-test-coverage", "--no-warnings", "--enable-source-maps", "--trace-warnings", "--help", "-h", "--version", "-v"]);
const WITH_VALUE = new Set(["--test-name-pattern", "--test-skip-pattern", "--test-concurrency", "--test-timeout", "--test-shard"]);
const BUILT_IN_REPORTERS = new Set(["spec", "tap", "dot", "junit", "lcov"]);
const JS_FILE = /\.[cm]?js$/;

/** Why node's arguments (after `node`) run code other than the `.js` files they name, or undefined. */
export function nodeCodeFrom(args: readonly string[]): string | undefined {
  const test = args.includes("--test");
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--" || !arg.startsWith("-")) {
      operands.push(...(arg === "--" ? args.slice(i + 1) : test ? [arg] : args.slice(i)));
      if (arg === "--" || !test) break;
      continue;
    }
    const [name, glued] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (FLAGS.has(name) && glued === undefined) continue;
    const value = glued ?? args[++i];
    if (WITH_VALUE.has(name) && value !== undefined) continue;
    if (name === "--test-reporter" && value !== undefined && BUILT_IN_REPORTERS.has(value)) continue;
    return `node ${name} may load code from elsewhere (an option the course does not know for node, or a reporter module)`;
  }
  // Without --test only the first operand is code; what follows is the script's arguments.
  const code = test ? operands : operands.slice(0, 1);
  const asks = args.some((a) => ["--help", "-h", "--version", "-v"].includes(a));
  if (!test && !asks && code.length === 0) return "node with no script runs the code on its input";
  const notJs = code.find((file) => !JS_FILE.test(file));
  return notJs === undefined ? undefined : `node runs ${notJs} as JavaScript, whatever its name says`;
}
