/**
 * The workspace ledger: what tool calls write into the (stand-in for the) real practice
 * workspace is noted with the hash of what they left; the student's own writes, and an agent
 * working anywhere else, are not. Driven through the kernel, the real SDK and the simulator.
 * A damaged ledger never fails a tool call. Nothing here touches the real practice workspace.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { agentWrites } from "./fixtures/agent-writes.ts";
import { practiceRepoCopy, tempWorkspace, type PracticeRepo } from "../src/testing/index.ts";
import { HARNESS_STATE, readLedger } from "../src/platform/workspace-ledger/index.ts";
import { changesBetween, takeSnapshot } from "../src/platform/workspace-ledger/snapshot.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

let repo: PracticeRepo;
beforeEach(async () => {
  repo = await practiceRepoCopy();
});
afterEach(async () => {
  await repo.cleanup();
});

describe("the workspace ledger", () => {
  it("notes the hash of what each tool call left, for a template file and a new one; not the student's own writes", async () => {
    await writeFile(path.join(repo.workspace, "mine.txt"), "the student's\n"); // before the turn
    await agentWrites(repo.workspace, { "shop/src/cart.js": "// fixed\n", "notes/plan.md": "# plan\n" });
    await writeFile(path.join(repo.workspace, "inventory/stock.js"), "// the student's edit\n"); // after it
    const ledger = await readLedger(repo.ledger);
    expect(ledger).toEqual({
      status: "ok",
      value: { version: 1, files: { "shop/src/cart.js": { sha256: sha256("// fixed\n") }, "notes/plan.md": { sha256: sha256("# plan\n") } }, notes: [] },
    });
  });

  it("notes from inside the workspace (a subfolder as cwd), and a later write replaces an earlier note", async () => {
    await agentWrites(path.join(repo.workspace, "shop"), { "src/cart.js": "// one\n" });
    await agentWrites(repo.workspace, { "shop/src/cart.js": "// two\n" });
    const ledger = await readLedger(repo.ledger);
    expect(ledger.status === "ok" && ledger.value.files).toEqual({ "shop/src/cart.js": { sha256: sha256("// two\n") } });
  });

  it("an agent working in any other folder (a demo's, a test's temporary copy) writes no ledger at all", async () => {
    const elsewhere = await tempWorkspace();
    try {
      await agentWrites(elsewhere.dir, { "shop/src/cart.js": "// fixed\n" });
      expect(readFileSync(path.join(elsewhere.dir, "shop/src/cart.js"), "utf8")).toBe("// fixed\n");
      expect(await readLedger(repo.ledger)).toEqual({ status: "missing" });
      expect(await readLedger(path.join(path.dirname(elsewhere.dir), ".practice-workspace-ledger.json"))).toEqual({ status: "missing" });
    } finally {
      await elsewhere.cleanup();
    }
  });

  it("a damaged ledger fails no tool call: the result is as always, and the ledger starts afresh and says why", async () => {
    await writeFile(repo.ledger, "{ not json");
    const { results } = await agentWrites(repo.workspace, { "notes.md": "n\n" });
    expect(results).toEqual([expect.objectContaining({ content: "wrote notes.md", isError: false })]);
    const ledger = await readLedger(repo.ledger);
    expect(ledger.status === "ok" && ledger.value.files).toEqual({ "notes.md": { sha256: sha256("n\n") } });
    expect(ledger.status === "ok" && ledger.value.notes).toEqual([expect.stringMatching(/^Started afresh on .*could not be read.*count as yours\.$/)]);
  });

  it("a ledger that cannot be written (a folder in its place) fails no tool call either: one notice says reset will keep the files", async () => {
    await mkdir(repo.ledger);
    const { results, renderer } = await agentWrites(repo.workspace, { "notes.md": "n\n" });
    expect(results).toEqual([expect.objectContaining({ content: "wrote notes.md", isError: false })]);
    expect(renderer.events.filter((e) => e.kind === "notice").map((e) => (e as { text: string }).text)).toEqual([
      expect.stringMatching(/^Could not note what the agent wrote in practice-workspace\/ for `pnpm reset` .*reset will keep those files as yours\.$/),
    ]);
  });
});

describe("the harness's own state", () => {
  it("is not noted (reset deletes it whole), and reset-workspace.mjs names the same state as core", async () => {
    await agentWrites(repo.workspace, { ".tasks/1.json": "{}", ".claude/tool-log.jsonl": "{}\n", "kept.md": "k\n" });
    const ledger = await readLedger(repo.ledger);
    expect(ledger.status === "ok" && Object.keys(ledger.value.files)).toEqual(["kept.md"]);
    const script = await readFile(new URL("../../../scripts/reset-workspace.mjs", import.meta.url), "utf8");
    const listed = /^const HARNESS_STATE = (\[.*\]);$/m.exec(script)?.[1];
    expect(listed && JSON.parse(listed)).toEqual([...HARNESS_STATE]);
  });
});

describe("a workspace too large to walk whole", () => {
  it("claims no file it could not see before: one past the cap is never noted as the agent's new file", async () => {
    const before = await takeSnapshot(repo.workspace, 3);
    expect(before.complete).toBe(false);
    const seen = [...before.stamps.keys()][0]!;
    await writeFile(path.join(repo.workspace, seen), "changed\n"); // a file it saw: same names, same walk
    const changed = await takeSnapshot(repo.workspace, 3);
    expect(changesBetween(before, changed)).toEqual({ written: [seen], deleted: [] });
    await writeFile(path.join(repo.workspace, "new.md"), "n\n"); // new, or seen only now that the walk differs
    expect(changesBetween(changed, await takeSnapshot(repo.workspace, 3)).written).not.toContain("new.md");
  });
});
