/** What the s09 agent-level tests share: the helpers of `@learn/s09/testing`, and the previous lesson's anatomy. */
import { anatomyOf } from "@learn/s06/testing";
import { lesson as previousLesson } from "@learn/s08";

export * from "../src/testing/index.ts";

/** What the previous lesson's agent is made of, in `cwd`: this lesson adds to it. */
export const previousAnatomy = (cwd: string) => anatomyOf(previousLesson, cwd);
