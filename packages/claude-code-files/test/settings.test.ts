/** settings.json as Claude Code writes it: what is valid there loads here, kept inert when nothing here could match it. */
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { loadSettings } from "../src/index.ts";

let ws: TempWorkspace | undefined;
afterEach(async () => {
  await ws?.cleanup();
  ws = undefined;
});

describe("permission rules valid for Claude Code", () => {
  it("an allow rule on several lines (Claude Code saves one for a multi-line command) is inert; as a deny rule it is a problem", async () => {
    ws = await tempWorkspace({ ".claude/settings.json": JSON.stringify({ permissions: { allow: ["Bash(python -c \"\nprint(1)\n\")", "Bash(ls)"], deny: ["Bash(rm -rf\nbuild)"] } }) });
    const settings = await loadSettings(ws.dir, path.join(ws.dir, "no-user-folder"));
    expect(settings.ignored).toEqual(['.claude/settings.json: permissions.allow[0] Bash(python -c "…: a rule on several lines matches nothing here']);
    expect(settings.problems).toEqual([expect.stringContaining("permissions.deny[0]")]);
    expect(settings.degraded).toBe(true);
  });
});
