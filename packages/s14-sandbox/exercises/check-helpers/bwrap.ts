/** What s14's exercise checks share: the lesson's sandbox functions, with the student's file in place. */
import type { CheckContext } from "@learn/exercises";
import type { SandboxMounts } from "../../src/index.ts";

type Bwrap = typeof import("../../src/sandbox/bwrap.ts");
type Excluded = typeof import("../../src/sandbox/excluded.ts");

/** The file that defines what a check calls (the student's copy, where the exercise replaces it). */
export async function excludedOf(t: CheckContext): Promise<Excluded> {
  return t.lesson<Excluded>("src/sandbox/excluded.ts");
}

export async function argsOf(t: CheckContext, mounts: SandboxMounts, cwd: string): Promise<string[]> {
  return (await t.lesson<Bwrap>("src/sandbox/bwrap.ts")).bwrapArgs(mounts, cwd);
}

/** Where `words` appear one after another in `args`; -1 when they do not. */
export function mountIndex(args: readonly string[], ...words: string[]): number {
  return args.findIndex((_, i) => words.every((w, j) => args[i + j] === w));
}
