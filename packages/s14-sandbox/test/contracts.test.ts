/**
 * The guarantees s14 must keep: the shared contracts, run against this lesson's agent. Where
 * bubblewrap is installed the contracts' commands run inside it (the practice settings do not
 * turn it on: these workspaces have no sandbox settings, so it is off, as in Claude Code).
 */
import { contractsSinceS02 } from "@learn/s03/testing";
import { lesson } from "../src/index.ts";

contractsSinceS02(lesson); // every guarantee since s02 holds here too
