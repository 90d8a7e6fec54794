/**
 * The guarantees s12 must keep: the shared contracts, run against this lesson's agent (in
 * bypassPermissions, so a call about paths reaches the path check) — with the worktree tools
 * added, every tool_use still gets exactly one result, in order.
 */
import { contractsSinceS02 } from "@learn/s03/testing";
import { lesson } from "../src/index.ts";

contractsSinceS02(lesson); // every guarantee since s02 holds here too
