import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempWorkspace, testContext, type TempWorkspace } from "@learn/core/testing";
import { bashTool, refusalFor } from "../src/index.ts";
import { createBashTool } from "../src/bash/bash-tool.ts";
import { LINGERED_NOTE } from "../src/bash/bash-tool.ts";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace({ "notes.txt": "first line\n" });
});
afterEach(() => ws.cleanup());

const ctx = () => testContext(ws.dir);

describe("the refuse-list", () => {
  it.each([
    "rm -rf /",
    "rm -rf /*",
    "cd x && rm -rf / ",
    "sudo apt install x",
    "shutdown -h now",
    "reboot",
    "mkfs.ext4 /dev/sdb1",
    "dd if=/dev/zero of=/dev/sda",
    "echo x > /dev/sda",
  ])("refuses %j", (command) => {
    expect(refusalFor(command)).toMatch(/^Refused: /);
  });

  it.each(["rm -rf ./build", "ls /", "echo pseudo", "node add.js"])("allows %j", (command) => {
    expect(refusalFor(command)).toBeUndefined();
  });
});

describe("the bash tool", () => {
  it("runs in the workspace and returns the output", async () => {
    expect(await bashTool.execute({ command: "cat notes.txt" }, ctx())).toEqual({ content: "first line\n", isError: false });
  });

  it('says "(no output)" when there is none', async () => {
    expect(await bashTool.execute({ command: "true" }, ctx())).toEqual({ content: "(no output)", isError: false });
  });

  it("reports a non-zero exit code as an error, with the output", async () => {
    const out = await bashTool.execute({ command: "echo oops >&2; exit 4" }, ctx());
    expect(out).toEqual({ content: "Error: Exit code 4\noops", isError: true });
  });

  it("refuses a refused command without running it", async () => {
    const out = await bashTool.execute({ command: "sudo touch made.txt" }, ctx());
    expect(out.isError).toBe(true);
    expect(out.content).toContain('contains "sudo"');
    const check = await bashTool.execute({ command: "ls" }, ctx());
    expect(check.content).not.toContain("made.txt");
  });

  it('times out with "Timeout (Ns)"', async () => {
    // Two seconds: ample for bash to start and echo on a loaded machine; the sleep outlasts the test.
    const quick = createBashTool({ timeoutMs: 2000 });
    const out = await quick.execute({ command: "echo begun; sleep 300" }, ctx());
    expect(out.isError).toBe(true);
    expect(out.content).toContain("Timeout (2s)");
    expect(out.content).toContain("begun");
  });

  it("says which signal killed a command", async () => {
    const out = await bashTool.execute({ command: "echo going; kill -TERM $$" }, ctx());
    expect(out).toEqual({ content: "Error: Killed by SIGTERM\ngoing", isError: true });
  });

  it("returns when the command exits, even if a setsid child holds the output, and says it was stopped", async () => {
    // The sleep outlasts the test's own time limit: returning at all is the stop (no clock read here).
    const out = await bashTool.execute({ command: "setsid sleep 300 & echo started" }, ctx());
    expect(out).toEqual({ content: `started\n${LINGERED_NOTE}`, isError: false });
  });

  it("has a 120 s timeout by default", () => {
    expect(bashTool.description).toContain("120s");
  });

  it("carries no permission metadata: permissions arrive in lesson 3, which gives bash its meaning", () => {
    expect(Object.keys(bashTool).sort()).toEqual(["concurrencySafe", "description", "execute", "name", "schema", "spec"]);
  });

  it("rejects invalid input with a message naming the field", async () => {
    const out = await bashTool.execute({ cmd: "ls" }, ctx());
    expect(out.isError).toBe(true);
    expect(out.content).toMatch(/^Invalid input for bash: command: /);
  });

  it("caps the output at 50,000 characters and says how much was cut", async () => {
    const out = await bashTool.execute({ command: "head -c 60000 /dev/zero | tr '\\0' y" }, ctx());
    const kept = out.content.indexOf("\n");
    const dropped = Number(/output truncated: (\d+) more characters\)$/.exec(out.content)?.[1]);
    expect(out.content.length).toBeLessThanOrEqual(50_000);
    expect(kept).toBeGreaterThan(49_900);
    expect(/^y+$/.test(out.content.slice(0, kept))).toBe(true);
    expect(kept + dropped).toBe(60_000);
  });
});
