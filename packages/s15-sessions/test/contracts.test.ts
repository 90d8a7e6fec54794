/**
 * The guarantees s15 must keep: the shared contracts, run against this lesson's agent — with
 * every message also written to a transcript, every tool_use still gets exactly one result, in order.
 */
import { contractsSinceS02 } from "@learn/s03/testing";
import { lesson } from "../src/index.ts";

contractsSinceS02(lesson); // every guarantee since s02 holds here too
