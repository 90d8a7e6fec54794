/**
 * The offline demo replayed on a used workspace (issue 24): an earlier run left its board in
 * .tasks/ and fixed cart.js. Before, the replay went on — four tool errors, then "all three
 * tasks completed" while /tasks showed them pending. Now nothing is sent: the lesson names what
 * differs and how to get a fresh workspace, and the old board is as it was.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runCli } from "@learn/core/harness";
import { runLessonCli, useTempWorkspace } from "@learn/core/testing";
import { demoPromptOf } from "@learn/s06/testing";
import { lesson } from "../src/index.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The CLI's start-up on a loaded machine: a limit, not a measure. */
const CLI_RUN_TIMEOUT_MS = 120_000;
const OLD_TASK = JSON.stringify({
  id: 1,
  subject: "from an earlier run",
  description: "",
  status: "pending",
  owner: null,
  blockedBy: [],
  blocks: [],
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

const ws = useTempWorkspace();
/** What an earlier run of the demo left: a board, and the bug fixed. */
async function useIt(dir: string): Promise<void> {
  await mkdir(path.join(dir, ".tasks"));
  await writeFile(path.join(dir, ".tasks/1.json"), OLD_TASK);
  const cart = path.join(dir, "shop/src/cart.js");
  await writeFile(cart, (await readFile(cart, "utf8")).replace("sum - lineTotal(line)", "sum + lineTotal(line)"));
}

const saved = process.env.LEARN_ENV_FILE;
beforeEach(() => void (process.env.LEARN_ENV_FILE = "none")); // offline, whatever the developer's .env says
afterEach(() => {
  if (saved === undefined) delete process.env.LEARN_ENV_FILE;
  else process.env.LEARN_ENV_FILE = saved;
  vi.restoreAllMocks();
});

describe("the offline demo on a used workspace", () => {
  it("--print of the demo's prompt exits 2, says what differs and how to start fresh, sends nothing", async () => {
    await useIt(ws.dir);
    const err: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
    const code = await runCli(lesson, ["--cwd", ws.dir, "--print", await demoPromptOf(lesson)]);
    vi.restoreAllMocks();
    expect(code).toBe(2);
    const said = err.join("");
    expect(said).toContain("Nothing was sent to the model. This workspace is not the fresh one the offline demo was written for:");
    expect(said).toContain("shop/src/cart.js (changed), .tasks/ (new: a lesson's state)");
    expect(said).toContain("`pnpm --filter s08 demo` runs the demo in a fresh temporary copy");
    expect(said).not.toContain("completed");
    expect(await readFile(path.join(ws.dir, ".tasks/1.json"), "utf8")).toBe(OLD_TASK);
  });

  it("in the REPL: the banner warns, /demo sends nothing, the session goes on", async () => {
    await useIt(ws.dir);
    const run = await runLessonCli(pkg, ["--cwd", ws.dir], { stdin: "/demo\n/tasks\n", timeoutMs: CLI_RUN_TIMEOUT_MS });
    expect(run.code).toBe(0);
    const banner = run.stdout.slice(0, run.stdout.indexOf("> /demo"));
    expect(banner).toContain("This workspace is not the fresh one the offline demo was written for: shop/src/cart.js (changed), .tasks/");
    expect(run.stdout + run.stderr).toContain("/demo sent nothing.");
    expect(run.stdout).not.toContain("> Plan this as tasks"); // the prompt was never typed
    expect(run.stdout).toContain("from an earlier run"); // /tasks: the old board, untouched
  }, CLI_RUN_TIMEOUT_MS);
});
