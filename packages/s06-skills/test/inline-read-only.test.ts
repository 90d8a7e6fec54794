/**
 * A custom command's read-only inline commands (`` !`cat notes.md` ``) run with no
 * allowed-tools and no rule, as the model's own read-only bash calls do (s03's policy): the
 * same judge decides. One that changes something still needs a yes — without a terminal, the
 * command does not start and nothing runs.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isCommandTurn, partsFrom, type AgentOptions } from "@learn/core";
import { RecordingRenderer, scriptedModel, useTempWorkspace } from "@learn/core/testing";
import { mechanisms as s05 } from "@learn/s05";
import { customSlashCommands } from "../src/custom-commands/slash-commands.ts";
import type { CustomCommand } from "../src/custom-commands/load.ts";
import { commandBody } from "./helpers.ts";

const ws = useTempWorkspace({ "notes.md": "first\nsecond\n" });

async function commandNamed(name: string, template: string) {
  const renderer = new RecordingRenderer();
  const { model } = scriptedModel("turns: [ { content: [ { type: text, text: hi } ] } ]");
  const options: AgentOptions = { model, cwd: ws.dir, renderer, interactive: false, ask: async () => "n", flags: {} };
  const base = await partsFrom(s05, options);
  const command: CustomCommand = { name, description: name, allowedTools: [], template, file: `.claude/commands/${name}.md` };
  return customSlashCommands([command], { cwd: () => ws.dir, permissions: base.permissions!, renderer, tools: base.tools }).commands[0]!;
}

describe("inline commands of a custom command, with no allowed-tools", () => {
  it("a read-only one runs: its output takes its place", async () => {
    const out = await (await commandNamed("count", "Lines: !`wc -l < notes.md`; first: !`head -n 1 notes.md`")).run("");
    expect(isCommandTurn(out) && commandBody(out.prompt)).toBe("Lines: 2; first: first");
  });

  it("one that changes something is still denied without a terminal: nothing runs", async () => {
    const command = await commandNamed("make", "!`cat notes.md` then !`touch ran.txt`");
    await expect(command.run("")).rejects.toThrow(/^\/make did not start: !`touch ran\.txt` was denied/);
    expect(existsSync(path.join(ws.dir, "ran.txt"))).toBe(false);
  });
});
