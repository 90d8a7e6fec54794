/** `pnpm trace <file>`: prints a trace as steps; bad input names the file and the line. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundledForNode } from "@learn/core/testing";
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

describe("pnpm trace into a pipe that closes early (`| head`)", () => {
  it("stops quietly: exit 0, no stack trace", async () => {
    const { mkdtemp, readFile, rm, writeFile } = await import("node:fs/promises");
    const { spawn } = await import("node:child_process");
    const os = await import("node:os");
    const dir = await mkdtemp(path.join(os.tmpdir(), "trace-pipe-"));
    try {
      // Far more than a pipe holds, so the writer is still writing when the reader leaves.
      const lines = (await readFile(path.join(fixtures, "small-trace.jsonl"), "utf8")).trim();
      await writeFile(path.join(dir, "big.jsonl"), `${Array(5000).fill(lines).join("\n")}\n`);
      const cli = path.join(import.meta.dirname, "..", "src", "trace-cli.ts");
      // Bundled, so plain node starts it: the same code `pnpm trace` runs through tsx, without tsx's second of start-up.
      const child = spawn(process.execPath, [await bundledForNode(cli), path.join(dir, "big.jsonl")], { stdio: ["ignore", "pipe", "pipe"] });
      let stderr = "";
      child.stderr.on("data", (c: Buffer) => (stderr += c));
      child.stdout.once("data", () => child.stdout.destroy());
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      expect(stderr).not.toContain("EPIPE");
      expect(code).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
