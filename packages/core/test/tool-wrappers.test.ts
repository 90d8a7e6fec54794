/**
 * Tool wrappers: what the command line puts around every tool call, which `defineTool` only
 * runs. The reset ledger is one: the command line installs it for its session, and outside a
 * session a tool call notes nothing, even in the watched workspace.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { runCli } from "../src/app/cli/index.ts";
import { resetLedger } from "../src/app/reset-ledger.ts";
import { readLedger } from "../src/platform/workspace-ledger/index.ts";
import { ledgerFileFor } from "../src/platform/workspace-ledger/ledger-file.ts";
import { watchWorkspaceForTests } from "../src/platform/workspace-ledger/write-window.ts";
import type { Agent, Lesson } from "../src/runtime/lesson.ts";
import { defineTool } from "../src/runtime/tool.ts";
import { installToolWrapper, toolWrapperNames, type ToolWrapper } from "../src/runtime/tool-wrappers.ts";
import { testContext } from "../src/testing/index.ts";

const undo: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const u of undo.splice(0).reverse()) await u();
});

/** A wrapper that logs what it saw around the call. */
function logging(name: string, log: string[]): ToolWrapper {
  return {
    name,
    async run(site, call) {
      log.push(`${name} before ${site.tool} in ${site.cwd}`);
      try {
        return await call();
      } finally {
        log.push(`${name} after`);
      }
    },
  };
}

const echo = (log: string[]) =>
  defineTool({
    name: "echo",
    description: "Echo.",
    input: z.object({ text: z.string() }),
    run: ({ text }) => {
      log.push(`run ${text}`);
      if (text === "boom") throw new Error("it broke");
      return text;
    },
  });

describe("a tool wrapper", () => {
  it("runs around every call, the first installed outermost; a removed one no longer does", async () => {
    const log: string[] = [];
    const offA = installToolWrapper(logging("A", log));
    const offB = installToolWrapper(logging("B", log));
    undo.push(offA, offB);
    const outcome = await echo(log).execute({ text: "hi" }, testContext("/w"));
    expect(outcome).toEqual({ content: "hi", isError: false });
    expect(log).toEqual(["A before echo in /w", "B before echo in /w", "run hi", "B after", "A after"]);
    offA();
    log.length = 0;
    await echo(log).execute({ text: "again" }, testContext("/w"));
    expect(log).toEqual(["B before echo in /w", "run again", "B after"]);
  });

  it("sees a tool's failure pass through, and the call is still an error result the model reads", async () => {
    const log: string[] = [];
    undo.push(installToolWrapper(logging("A", log)));
    const outcome = await echo(log).execute({ text: "boom" }, testContext("/w"));
    expect(outcome).toEqual({ content: "Error: it broke", isError: true });
    expect(log).toEqual(["A before echo in /w", "run boom", "A after"]);
  });

  it("is not told of a call whose input is invalid (nothing runs), and one installed twice wraps once", async () => {
    const log: string[] = [];
    const wrapper = logging("A", log);
    undo.push(installToolWrapper(wrapper), installToolWrapper(wrapper));
    expect(toolWrapperNames()).toEqual(["A"]);
    expect((await echo(log).execute({ text: 3 }, testContext("/w"))).isError).toBe(true);
    expect(log).toEqual([]);
    await echo(log).execute({ text: "once" }, testContext("/w"));
    expect(log).toEqual(["A before echo in /w", "run once", "A after"]);
  });
});

describe("the reset ledger", () => {
  /** A folder laid out like the repository, its practice-workspace/ watched (no wrapper installed). */
  async function watchedRepo() {
    const root = await mkdtemp(path.join(os.tmpdir(), "wrappers-"));
    const workspace = path.join(root, "practice-workspace");
    await mkdir(workspace);
    const unwatch = watchWorkspaceForTests(workspace);
    undo.push(async () => {
      unwatch();
      await rm(root, { recursive: true, force: true });
    });
    return { workspace, ledger: ledgerFileFor(workspace) };
  }

  const writeTool = defineTool({
    name: "write",
    description: "Write a file.",
    input: z.object({ file: z.string() }),
    run: async ({ file }, ctx) => (await writeFile(path.join(ctx.cwd, file), "x\n"), "ok"),
  });

  it("is installed by the command line for its session: a call then is noted, a call outside a session is not", async () => {
    const { workspace, ledger } = await watchedRepo();
    const seen: string[][] = [];
    const agent: Agent = {
      anatomy: () => ({ tools: ["write"], hooks: [], promptSections: [], commands: [] }),
      run: async () => {
        seen.push(toolWrapperNames());
        return (await writeTool.execute({ file: "in-session.txt" }, testContext(workspace))).content;
      },
      clear: () => {},
      commands: [],
    };
    const lesson = { id: "t00", title: "test", headline: "a lesson", demoScripts: [], createAgent: () => agent } as unknown as Lesson;
    const script = path.join(path.dirname(workspace), "s.yaml");
    await writeFile(script, "turns: [ { content: [ { type: text, text: hi } ] } ]\n");
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const stderr: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (stderr.push(String(chunk)), true));
    const code = await runCli(lesson, ["--model-script", script, "--cwd", workspace, "-p", "go"]);
    vi.restoreAllMocks();
    expect({ code, stderr: stderr.join("") }).toEqual({ code: 0, stderr: "" });
    expect(seen).toEqual([[resetLedger.name]]);
    expect(toolWrapperNames()).toEqual([]); // taken off when the session ended

    await writeTool.execute({ file: "outside.txt" }, testContext(workspace));
    const read = await readLedger(ledger);
    expect(read.status === "ok" && Object.keys(read.value.files)).toEqual(["in-session.txt"]);
    expect(await readFile(path.join(workspace, "outside.txt"), "utf8")).toBe("x\n");
  });
});
