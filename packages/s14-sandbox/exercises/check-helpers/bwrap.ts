/** What s14's exercise checks share: the lesson's sandbox functions, with the student's file in place. */
import type { CheckContext } from "@learn/exercises";
import type { SandboxMounts } from "../../src/index.ts";

type Sandbox = typeof import("../../src/index.ts");

export async function sandboxOf(t: CheckContext): Promise<Sandbox> {
  return t.lesson<Sandbox>("src/index.ts");
}

export async function argsOf(t: CheckContext, mounts: SandboxMounts, cwd: string): Promise<string[]> {
  return (await sandboxOf(t)).bwrapArgs(mounts, cwd);
}

/** Where `words` appear one after another in `args`; -1 when they do not. */
export function mountIndex(args: readonly string[], ...words: string[]): number {
  return args.findIndex((_, i) => words.every((w, j) => args[i + j] === w));
}
