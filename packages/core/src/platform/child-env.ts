/**
 * The environment of every child the harness starts — bash, a background job, a hook command,
 * a command in a worktree, the harness's own git. Two kinds of variable never reach a child:
 *
 * - Secrets. The key and token by name, and any variable whose value is a known secret (one
 *   loaded from the env file, say). The model cannot leak what its commands never see.
 * - Where git's repository is. GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE… tell git to act on
 *   another repository than the one in the folder it runs in. The harness may well run with
 *   them set (started from a git hook, or by a tool that exports them), and then an allowed
 *   `git commit` in the workspace would land in that other repository. This is the list
 *   `git rev-parse --local-env-vars` prints, plus GIT_NAMESPACE and the numbered
 *   GIT_CONFIG_KEY_n / GIT_CONFIG_VALUE_n pairs (which set any config, core.worktree included).
 */
import { knownSecrets, SECRET_ENV_VARS } from "./secrets.ts";

export const GIT_LOCATION_VARS: readonly string[] = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_COMMON_DIR",
  "GIT_CONFIG",
  "GIT_CONFIG_PARAMETERS",
  "GIT_CONFIG_COUNT",
  "GIT_GRAFT_FILE",
  "GIT_NO_REPLACE_OBJECTS",
  "GIT_REPLACE_REF_BASE",
  "GIT_PREFIX",
  "GIT_SHALLOW_FILE",
  "GIT_IMPLICIT_WORK_TREE",
  "GIT_INTERNAL_SUPER_PREFIX",
  "GIT_NAMESPACE",
];

const NUMBERED_GIT_CONFIG = /^GIT_CONFIG_(KEY|VALUE)_\d+$/;

/** Is `name` one of the variables that point git at another repository? */
export function isGitLocationVar(name: string): boolean {
  return GIT_LOCATION_VARS.includes(name) || NUMBERED_GIT_CONFIG.test(name);
}

/** A copy of `env` without secrets and without git's repository-locating variables. */
export function childEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const secrets = new Set(knownSecrets(env));
  const names = new Set<string>(SECRET_ENV_VARS);
  const copy: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (names.has(name) || isGitLocationVar(name) || (value !== undefined && secrets.has(value.trim()))) continue;
    copy[name] = value;
  }
  return copy;
}
