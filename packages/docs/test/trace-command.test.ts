/** `pnpm trace <file>`: prints a trace as steps; bad input names the file and the line. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runTraceCommand } from "../src/trace-command.ts";
import { parseTrace } from "../src/trace-file.ts";

const fixtures = path.join(import.meta.dirname, "fixtures");

async function trace(...argv: string[]) {
  let out = "";
  let err = "";
  const code = await runTraceCommand(argv, { out: (t) => (out += t), err: (t) => (err += t), cwd: fixtures });
  return { code, out, err };
}

describe("pnpm trace", () => {
  it("prints a trace file as numbered steps for a terminal, resolving the path against the caller's folder", async () => {
    const { code, out } = await trace("small-trace.jsonl");
    expect(code).toBe(0);
    expect(out).toContain("Step 1 · request · 1 message · tools: bash");
    expect(out).toContain("Step 5 · response · stop_reason: end_turn");
    expect(out).not.toMatch(/\*\*|`/);
  });

  it("--markdown prints the Markdown the READMEs embed", async () => {
    const { code, out } = await trace("small-trace.jsonl", "--markdown");
    expect(code).toBe(0);
    expect(out).toContain("**Step 1 · request** · 1 message · tools: `bash`");
    expect(out).toContain("**Step 5 · response** · stop_reason: `end_turn`");
  });

  it("tolerates the `--` pnpm passes on, and --full", async () => {
    const { code, out } = await trace("--", "small-trace.jsonl", "--full");
    expect(code).toBe(0);
    expect(out).toContain("Step 1");
  });

  it("fails with the file and line when a line is not JSON", async () => {
    const { code, err } = await trace("malformed-trace.jsonl");
    expect(code).toBe(1);
    expect(err).toContain(`${path.join(fixtures, "malformed-trace.jsonl")}:2: not valid JSON`);
  });

  it("fails naming the file when it does not exist", async () => {
    const { code, err } = await trace("no-such-trace.jsonl");
    expect(code).toBe(1);
    expect(err).toContain(`${path.join(fixtures, "no-such-trace.jsonl")}: cannot read the trace (no such file)`);
  });

  it("fails with the line of a JSON object that is not a trace entry", () => {
    expect(() => parseTrace('{"type":"request","agent":"lead","body":{}}\n{"kind":"request"}\n', "t.jsonl")).toThrow(
      /^t\.jsonl:2: not a trace entry/,
    );
  });

  it("explains its usage when given no file or two", async () => {
    for (const argv of [[], ["a.jsonl", "b.jsonl"]]) {
      const { code, err } = await trace(...argv);
      expect(code).toBe(2);
      expect(err).toContain("Usage: pnpm trace <file.jsonl> [--full]");
    }
  });
});
