/** Worktree names become a folder and a branch: what passes and what is refused, with the reason. */
import { describe, expect, it } from "vitest";
import { WorktreeName, worktreeNameProblem } from "../src/worktrees/index.ts";

describe("a worktree name", () => {
  it.each(["discount", "fix-42", "v1.2", "A_b.c-D", "x".repeat(40)])("%j is fine", (name) => {
    expect(worktreeNameProblem(name)).toBeUndefined();
    expect(WorktreeName.safeParse(name).success).toBe(true);
  });

  it.each<[string, RegExp]>([
    ["", /1 to 40 characters/],
    ["x".repeat(41), /1 to 40 characters \(this one has 41\)/],
    ["a;rm -rf ~", /not ";", " ", "~"/],
    ["$(whoami)", /not "\$", "\(", "\)"/],
    ["a/b", /not "\/"/],
    ["../up", /not "\/"/],
    ["-f", /must not start with "-"/],
    ["--force", /must not start with "-"/],
    [".", /a step in a path/],
    ["..", /a step in a path/],
    ["a..b", /git does not take wt\/a..b/],
    ["done.", /git does not take/],
    ["x.lock", /git does not take/],
    ["naïve", /not "ï"/],
  ])("%j is refused: %s", (name, reason) => {
    expect(worktreeNameProblem(name)).toMatch(reason);
    const parsed = WorktreeName.safeParse(name);
    expect(parsed.success).toBe(false);
  });
});
