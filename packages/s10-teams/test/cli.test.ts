/**
 * s10 on the command line: a child process against a local HTTP endpoint, as a real provider
 * would be used. `--print` ends only when the lead is idle, no teammate works and no mail
 * waits: the answer printed is the one bob's mail woke the lead for.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { useTempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { printDemoOverHttp } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The CLI, three agents and a test run: a limit, not a measure. */
const CLI_RUN_TIMEOUT_MS = 120_000;
const KEY = "sk-test-s10-do-not-log";

const ws = useTempWorkspace();

describe("s10 on the command line", () => {
  it("--print the demo against an HTTP endpoint: every agent under its own name, the lead's last answer on stdout, no key anywhere", async () => {
    const { run, agents } = await printDemoOverHttp(lesson, pkg, ws.dir, { key: KEY });
    expect(run.stdout).toMatch(/^Done, by two teammates at once/);
    expect(run.stderr).toContain("A turn started by mail from bob: New mail; it follows.");
    expect(agents.filter((a) => a === "lead")).toHaveLength(3);
    expect(agents.filter((a) => a === "alice")).toHaveLength(3);
    expect(agents.filter((a) => a === "bob")).toHaveLength(5);
    // Teammates' lines on stderr carry their names.
    expect(run.stderr).toMatch(/^\[alice\] .*write_file/m);
    expect(run.stderr).toMatch(/^\[bob\] .*bash/m);
    expect(await readFile(path.join(ws.dir, "shop/test/discount.test.js"), "utf8")).toContain("discounted");
  }, CLI_RUN_TIMEOUT_MS);
});
