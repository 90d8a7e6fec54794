/**
 * The guarantees s11 must keep: the composition contracts (pairing, and denials
 * that still stop the call; the full sweep runs in s03 and s12), run against this lesson's agent — with the protocol tools
 * added, every tool_use still gets exactly one result, in order.
 */
import { compositionContracts } from "@learn/s03/testing";
import { lesson } from "../src/index.ts";

compositionContracts(lesson); // what this lesson's parts could break: pairing, and denials that still stop the call
