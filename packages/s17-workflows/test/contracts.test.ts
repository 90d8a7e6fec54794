/**
 * The guarantees s17 must keep: the shared contracts, run against this lesson's agent — with the
 * workflows mechanism added (and no workflow run), every tool_use still gets exactly one result, in order.
 */
import { contractsSinceS02 } from "@learn/s03/testing";
import { lesson } from "../src/index.ts";

contractsSinceS02(lesson); // every guarantee since s02 holds here too
