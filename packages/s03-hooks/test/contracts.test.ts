/**
 * The guarantees s03 must keep: s02's contracts (run with bypassPermissions, so a call about
 * paths reaches the path check instead of stopping at a permission prompt), and s03's own —
 * the refuse-list holds in every mode, a denied or blocked call has no side effect, and every
 * tool_use still gets exactly one result, in order, whatever the hooks did.
 */
import { lesson } from "../src/index.ts";
import { contractsSinceS02 } from "../src/testing/index.ts";

contractsSinceS02(lesson);
