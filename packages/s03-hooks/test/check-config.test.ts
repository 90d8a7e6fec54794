/** `--check-config` on the settings: the agent's own loader, its verdict as a report. */
import { afterEach, describe, expect, it } from "vitest";
import type { TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { workspaceWith } from "./helpers.ts";

let ws: TempWorkspace | undefined;
afterEach(() => ws?.cleanup());

const reportFor = async (settings: object | string | undefined) => {
  ws = await workspaceWith(settings);
  return lesson.checkConfig!({ cwd: ws.dir, userDir: `${ws.dir}/no-user-folder` });
};

describe("s03 --check-config: the settings file", () => {
  it("a good file loads; keys Claude Code reads and this lesson does not are listed as ignored", async () => {
    const report = await reportFor({ permissions: { allow: ["Bash(npm test *)"] }, model: "opus", env: {} });
    expect(report).toEqual({ lesson: "s03", settings: [{ file: ".claude/settings.json", status: "loaded", problems: [], ignored: ["model", "env"] }] });
  });

  it("a rule the lesson cannot read makes the file partial, with the problem named", async () => {
    const report = await reportFor({ permissions: { allow: ["Bash(npm test *)", 7] } });
    expect(report.settings![0]).toMatchObject({ status: "partial", problems: [expect.stringContaining("permissions.allow[1]")] });
  });

  it("a file that is not JSON is refused with the reason the session gives when it will not start", async () => {
    const report = await reportFor("{ not json");
    expect(report.settings![0]).toMatchObject({ status: "refused", reason: expect.stringContaining("is not valid JSON") });
  });

  it("no settings file: nothing to report", async () => {
    expect((await reportFor(undefined)).settings).toEqual([]);
  });
});
