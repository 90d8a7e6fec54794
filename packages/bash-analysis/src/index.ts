/**
 * @learn/bash-analysis — what a bash command line does, read before it runs: the programs it
 * runs and their arguments (parseCommandLine), the files they name (pathsOf), and, when it
 * cannot all be seen in advance, why (`opaque`). Only what other packages use is exported.
 */
export { parseCommandLine, type ShellCommand } from "./command-line.ts";
export { pathsOf, type CommandPaths } from "./command-paths.ts";
export { notReadOnly, notFileCommand } from "./read-only.ts";
