/**
 * A demo replays only on a workspace as fresh as its script needs: a used one is named, what
 * differs and how to get a fresh one, before anything is sent.
 */
import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseScript } from "../src/simulator/load.ts";
import { practiceRepoCopy, useTempWorkspace } from "../src/testing/index.ts";
import { demoReplayRefusal, driftFromTemplate, driftMessage, notTheAgents, scriptedWrites } from "../src/app/workspace-drift.ts";
import { addToLedger } from "../src/platform/workspace-ledger/ledger-file.ts";
import { practiceWorkspace } from "../src/platform/config.ts";

const lesson = { id: "s08" };
/** A demo that edits a template file and writes a new one (as s08's does). */
const script = parseScript(
  [
    "prompt: plan it",
    "turns:",
    "  - content:",
    "      - { type: tool_use, name: edit_file, input: { path: shop/src/cart.js, old_text: a, new_text: b } }",
    "      - { type: tool_use, name: write_file, input: { path: ./shop/src/discount.js, content: x } }",
    "      - { type: tool_use, name: bash, input: { command: 'node hello.js' } }",
  ].join("\n"),
);

const ws = useTempWorkspace();

describe("a workspace before a demo replays", () => {
  it("a fresh copy has nothing in the way", async () => {
    expect(await driftFromTemplate(lesson, ws.dir, script)).toEqual([]);
    expect(await demoReplayRefusal(lesson, ws.dir, script, false)).toBeUndefined();
  });

  it("names a changed template file, a lesson's state folder and a file the demo makes", async () => {
    await writeFile(path.join(ws.dir, "shop/src/cart.js"), "// fixed by an earlier run\n");
    await mkdir(path.join(ws.dir, ".tasks"));
    await writeFile(path.join(ws.dir, ".tasks/1.json"), "{}");
    await writeFile(path.join(ws.dir, "shop/src/discount.js"), "// made by an earlier run\n");
    expect(await driftFromTemplate(lesson, ws.dir, script)).toEqual([
      "shop/src/cart.js (changed)",
      ".tasks/ (new: a lesson's state)",
      "shop/src/discount.js (already there: the demo makes it)",
    ]);
    const refusal = await demoReplayRefusal(lesson, ws.dir, script, false);
    expect(refusal).toContain("not the fresh one the offline demo was written for: shop/src/cart.js (changed)");
    expect(refusal).toContain("point --cwd at a fresh copy of practice-workspace/");
    expect(refusal).toContain("`pnpm --filter s08 demo` runs the demo in a fresh temporary copy");
  });

  it("names a deleted template file; a lesson that starts fresh says to start it again", async () => {
    await writeFile(path.join(ws.dir, "README.md"), "");
    await rm(path.join(ws.dir, "inventory/stock.js"));
    expect(await driftFromTemplate(lesson, ws.dir, script)).toEqual(["README.md (changed)", "inventory/stock.js (deleted)"]);
    expect(await demoReplayRefusal(lesson, ws.dir, script, true)).toContain("start the lesson again: it starts in a fresh copy");
  });

  it("does not count what no demo looks at: s01's hello.js, the student's own skill, the hooks' log", async () => {
    await writeFile(path.join(ws.dir, "hello.js"), "console.log(1)\n");
    await mkdir(path.join(ws.dir, ".claude/skills/mine"), { recursive: true });
    await writeFile(path.join(ws.dir, ".claude/skills/mine/SKILL.md"), "---\nname: mine\n---\n");
    await writeFile(path.join(ws.dir, ".claude/tool-log.jsonl"), "{}\n");
    expect(await driftFromTemplate(lesson, ws.dir, script)).toEqual([]);
  });

  it("where the demo counts tokens (s07), names the student's own skill, agent and CLAUDE.md: they are in every request", async () => {
    await mkdir(path.join(ws.dir, ".claude/skills/mine"), { recursive: true });
    await writeFile(path.join(ws.dir, ".claude/skills/mine/SKILL.md"), "---\nname: mine\n---\n");
    await writeFile(path.join(ws.dir, ".claude/tool-log.jsonl"), "{}\n");
    await writeFile(path.join(ws.dir, "CLAUDE.local.md"), "Use tabs.\n");
    const counting = { id: "s07", demoCountsTokens: true };
    const why = "(yours: it is in every request, and this demo compacts at a set size)";
    expect(await driftFromTemplate(counting, ws.dir, script)).toEqual([`.claude/skills/mine/SKILL.md ${why}`, `CLAUDE.local.md ${why}`]);
    expect(await demoReplayRefusal(counting, ws.dir, script, false)).toContain("`pnpm --filter s07 demo` runs the demo in a fresh temporary copy");
  });

  it("the files a script makes are the relative paths its tool calls name", () => {
    expect(scriptedWrites(script)).toEqual(["shop/src/cart.js", "shop/src/discount.js"]);
  });

  it("tells the student's own edits (no ledger entry) from the agent's: only `pnpm reset --all` undoes those", async () => {
    const repo = await practiceRepoCopy();
    try {
      await addToLedger(repo.ledger, { files: { "shop/src/cart.js": { sha256: "0".repeat(64) }, ".tasks/1.json": { deleted: true } }, notes: [] });
      // .memory/ has no ledger entry (nothing recorded its files), but plain reset deletes it whole.
      const drift = ["shop/src/cart.js (changed)", "README.md (changed)", ".tasks/ (new: a lesson's state)", ".memory/ (new: a lesson's state)", ".mine/ (new: a lesson's state)"];
      expect(await notTheAgents(repo.workspace, drift)).toEqual(["README.md", ".mine/"]);
    } finally {
      await repo.cleanup();
    }
    const message = driftMessage("s08", practiceWorkspace(), ["README.md (changed)"], false, ["README.md"]);
    expect(message).toContain("`pnpm reset --all` puts practice-workspace/ back (plain `pnpm reset` keeps your own edits: README.md)");
    expect(driftMessage("s08", practiceWorkspace(), ["shop/src/cart.js (changed)"], false)).toContain("`pnpm reset` puts practice-workspace/ back");
  });
});

describe("a lesson that prepares its workspace (s12: a repository of its own)", () => {
  const marker = "prepared.txt";
  const preparing = {
    id: "s12",
    workspace: {
      prepare: (dir: string) => writeFile(path.join(dir, marker), "set up\n"),
      why: "A fresh copy, set up",
      isPrepared: async (dir: string) => existsSync(path.join(dir, marker)),
    },
  };

  it("in a workspace never prepared (--cwd practice-workspace): says the set-up is missing, calls no clean file changed", async () => {
    const refusal = await demoReplayRefusal(preparing, ws.dir, script, false);
    expect(refusal).toContain("This workspace has not had s12's set-up (A fresh copy, set up)");
    expect(refusal).not.toContain("(changed)");
    expect(await driftFromTemplate(preparing, ws.dir, script)).toEqual([]); // compared with git's template: clean
  });

  it("in a prepared copy: compared with a prepared one, nothing in the way", async () => {
    await preparing.workspace.prepare(ws.dir);
    expect(await demoReplayRefusal(preparing, ws.dir, script, false)).toBeUndefined();
  });
});
