/**
 * The script's isolation, tried from inside: every way out a script might reach for — require,
 * process, import(), the file system, the network, timers, a constructor climb to the host — is
 * closed, and the primitives still work (agent, parallel, pipeline, phase, log, args, budget).
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ISOLATE_FLAGS, runIsolated, type ScriptHost } from "../src/workflows/isolate/run-script.ts";

let dir: string;
let canary: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "s17-isolate-"));
  canary = path.join(dir, "canary.txt");
  await writeFile(canary, "secret canary");
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A host that answers agent() with a fixed text per prompt, and records what the script did. */
function recordingHost(answers: Record<string, unknown> = {}) {
  const seen = { agents: [] as string[], phases: [] as string[], logs: [] as string[] };
  const host: ScriptHost = {
    agent: async (_id, prompt) => {
      seen.agents.push(prompt);
      if (prompt in answers) return answers[prompt];
      throw new Error(`no answer for ${prompt}`);
    },
    phase: (title) => seen.phases.push(title),
    log: (text) => seen.logs.push(text),
    spent: () => 42,
  };
  return { host, seen };
}

const run = (body: string, host = recordingHost().host, args?: unknown) => runIsolated(body, args, null, host, new AbortController().signal);

describe("the isolated script", () => {
  it("has its primitives: agent, parallel (a failure is null), pipeline (stage gets prev, item, index), phase, log, args, budget", async () => {
    const { host, seen } = recordingHost({ a: "A", b: "B", "a+": "A+", "b+": "B+" });
    const end = await run(
      `phase('Find'); log('start', args.n);
       const both = await parallel([() => agent('a'), () => agent('b'), () => agent('missing')]);
       const piped = await pipeline(['a', 'b'], (item) => agent(item), (prev, item, i) => agent(item + '+').then((r) => prev + r + i));
       return { both, piped, spent: budget.spent(), left: budget.remaining() };`,
      host,
      { n: 2 },
    );
    expect(end).toEqual({ ok: true, result: { both: ["A", "B", null], piped: ["AA+0", "BB+1"], spent: 42, left: null } });
    expect(seen.phases).toEqual(["Find"]);
    expect(seen.logs).toEqual(["start 2"]);
  });

  it.each([
    ["require", `return typeof require`, "undefined"],
    ["process", `return typeof process`, "undefined"],
    ["fetch", `return typeof fetch`, "undefined"],
    ["timers", `return [typeof setTimeout, typeof setInterval, typeof setImmediate, typeof queueMicrotask].join()`, "undefined,undefined,undefined,undefined"],
  ])("sees no %s", async (_name, body, expected) => {
    expect(await run(body)).toEqual({ ok: true, result: expected });
  });

  it("refuses import(), Date.now(), Math.random() and new Date()", async () => {
    for (const body of ["await import('node:fs')", "return Date.now()", "return Math.random()", "return new Date()"]) {
      const end = await run(body);
      expect(end.ok, body).toBe(false);
    }
    expect(await run("return new Date(0).toISOString()")).toEqual({ ok: true, result: "1970-01-01T00:00:00.000Z" });
  });

  it("a constructor climb from a primitive reaches only the script's own realm", async () => {
    const end = await run(`const f = agent.constructor.constructor('return typeof process + "," + typeof require')(); return f;`);
    expect(end).toEqual({ ok: true, result: "undefined,undefined" });
  });

  it("an error thrown inside is of the script's realm too: climbing from it reaches no host global", async () => {
    const body = `
      const fromError = (() => { try { null.x } catch (e) { return e.constructor.constructor } })();
      const g = fromError('return globalThis')();
      return { process: typeof g.process, require: typeof g.require, fetch: typeof g.fetch };`;
    expect(await run(body)).toEqual({ ok: true, result: { process: "undefined", require: "undefined", fetch: "undefined" } });
  });

  it("the process under it (walls 2 and 3): no file read, no child process, an empty environment", async () => {
    // What code that got out of the context would meet: the same flags, the same empty env.
    const probe = `const out = []; for (const [name, act] of [["fs", () => require("node:fs").readFileSync(${JSON.stringify(canary)}, "utf8")], ["spawn", () => require("node:child_process").spawn("true")]]) { try { act(); out.push(name + ":allowed") } catch (e) { out.push(name + ":" + e.code) } } out.push("env:" + Object.keys(process.env).length); console.log(out.join(" "))`;
    const child = spawn(process.execPath, [...ISOLATE_FLAGS, "-e", probe], { env: {} });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    await new Promise((resolve) => child.on("close", resolve));
    expect(stdout.trim()).toBe("fs:ERR_ACCESS_DENIED spawn:ERR_ACCESS_DENIED env:0");
    expect(await readFile(canary, "utf8")).toBe("secret canary");
  });

  it("a flood (one message over the cap) ends the run with a clear error", async () => {
    expect(await run("log('x'.repeat(2_000_000)); return 1")).toEqual({ ok: false, error: "the script sent a message over 1000000 characters" });
  });

  it("an endless loop is ended by the signal, and a syntax error is a clear failure", async () => {
    const controller = new AbortController();
    const looping = runIsolated("await agent('x'); while (true) {}", undefined, null, { ...recordingHost().host, agent: async () => { setImmediate(() => controller.abort()); return "x"; } }, controller.signal);
    expect(await looping).toEqual({ ok: false, error: "stopped" });
    const broken = await run("return {");
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.error).toMatch(/SyntaxError/);
  });
});
