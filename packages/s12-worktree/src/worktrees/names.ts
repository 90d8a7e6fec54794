/**
 * A worktree's name becomes a folder (`.worktrees/<name>`) and a branch (`wt/<name>`), so it
 * is held to what is safe as both: 1–40 letters, digits, `.`, `_` or `-`; not starting with
 * `-` (git would read it as an option); not `.` or `..` (a path step, not a folder); nothing
 * git refuses in a branch name (`..` inside, a trailing `.`, `.lock` at the end). Checked before
 * anything runs, with the reason in the error — never cleaned up into some other name.
 */
import { z } from "zod";

export const WORKTREE_NAME = /^[A-Za-z0-9._-]{1,40}$/;
export const WORKTREE_DIR = ".worktrees";
export const branchOf = (name: string) => `wt/${name}`;
export const worktreePath = (name: string) => `${WORKTREE_DIR}/${name}`;

/** What is wrong with `name` as a worktree name, or undefined when it is fine. */
export function worktreeNameProblem(name: string): string | undefined {
  const bad = [...name].filter((c) => !/[A-Za-z0-9._-]/.test(c));
  if (name.length === 0 || name.length > 40) return `a worktree name is 1 to 40 characters (this one has ${name.length})`;
  if (bad.length) return `a worktree name is letters, digits, ".", "_" and "-" only (it becomes a folder and a branch); not ${[...new Set(bad)].map((c) => JSON.stringify(c)).join(", ")}`;
  if (name.startsWith("-")) return "a worktree name must not start with \"-\" (git would take it for an option)";
  if (name === "." || name === "..") return `"${name}" is a step in a path, not a folder name`;
  if (name.includes("..") || name.endsWith(".") || name.endsWith(".lock")) return `git does not take wt/${name} as a branch name (no "..", no "." or ".lock" at the end)`;
  return undefined;
}

/** The zod schema of a name: the same check, as a tool's input. */
export const WorktreeName = z
  .string()
  .superRefine((name, ctx) => {
    const problem = worktreeNameProblem(name);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .describe("The worktree's name: 1–40 letters, digits, '.', '_' or '-'. It becomes .worktrees/<name> and branch wt/<name>.");
