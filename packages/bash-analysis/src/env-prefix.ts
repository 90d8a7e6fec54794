/**
 * `FOO=1 git add x` runs git, but in an environment the line chose. Most variables only change
 * how a program prints (`NO_COLOR=1`, `TZ=UTC`); some change what it runs or reads:
 *
 *   PATH=./fakebin:$PATH cat README.md          runs ./fakebin/cat, a workspace script
 *   GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='touch x' git add .
 *   LD_PRELOAD=./x.so ls    BASH_ENV=./x.sh bash -c ...    NODE_OPTIONS='--require ./x.js' node
 *
 * So a rule that approves `git add *` approves git in an ordinary environment, not in one the
 * model set. A prefix outside a short list of harmless variables (Claude Code's list, measured
 * with its 2.1.328 binary), or any `env ...` in front, is a reason no rule may approve the
 * command: it is asked. A deny rule still sees the command behind it (`FOO=1 rm -rf x`).
 */
import type { BashWord } from "./words.ts";
import { programName } from "./wrappers.ts";

/** Variables that only change how a program formats, or which target a build is for. */
const HARMLESS = new Set([
  "NODE_ENV", "CI", "TZ", "LANGUAGE", "LC_TIME", "CHARSET", "TERM", "COLORTERM", "NO_COLOR", "FORCE_COLOR",
  "LS_COLORS", "LSCOLORS", "GREP_COLOR", "GREP_COLORS", "GCC_COLORS", "TIME_STYLE", "BLOCK_SIZE", "BLOCKSIZE",
  "GOOS", "GOARCH", "GOEXPERIMENT", "GO111MODULE", "CGO_ENABLED", "RUST_BACKTRACE", "RUST_LOG",
  "PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE", "PYTEST_DISABLE_PLUGIN_AUTOLOAD", "PYTEST_DEBUG",
]);
/** Locale variables: harmless with a locale's name as value (`C`, `C.UTF-8`, `en_US.UTF-8`), nothing else. */
const LOCALES = new Set(["LANG", "LC_ALL", "LC_CTYPE"]);
const LOCALE_VALUE = /^(?:C|POSIX|[a-z]{2,3}(?:_[A-Z]{2})?)(?:\.[A-Za-z0-9-]+)?(?:@[a-z]+)?$/;
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

/**
 * Why the words in front of a command (its assignments and wrappers) change its environment in
 * a way no rule can vouch for, or undefined when they do not.
 */
export function environmentChange(prefix: readonly BashWord[]): string | undefined {
  if (prefix.some((w) => programName(w.text) === "env")) return "it runs behind env, which sets the environment the program runs in";
  for (const word of prefix) {
    const [, name, value] = ASSIGNMENT.exec(word.text) ?? [];
    if (name === undefined || value === undefined) continue;
    if (!harmless(name, value)) return `it sets ${name} for the program, which may change what it runs or reads`;
    if (!word.literal || /[$`]/.test(value)) return `it sets ${name} to a value known only when it runs`;
  }
  return undefined;
}

function harmless(name: string, value: string): boolean {
  return HARMLESS.has(name) || (LOCALES.has(name) && LOCALE_VALUE.test(value));
}
