/**
 * The command-line contract, run as a student runs it: a real child process, against a real
 * HTTP endpoint on loopback (the simulator behind node:http) or offline.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadScript, Simulator, type Script } from "@learn/core/simulator";
import { runLessonCli, serveSimulator, tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PROMPT = "Create hello.js that prints Hello Agent, run it, and tell me what it printed.";
const SECRET = "sk-test-secret-4242";

const runMain = (args: string[], env: Record<string, string>, stdin = "") => runLessonCli(pkg, args, { env, stdin });

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

describe("s01 on the command line", () => {
  it("--print runs against a real endpoint, prints the answer, traces without the key", async () => {
    const endpoint = await serveSimulator(new Simulator(await loadScript(lesson.demoScripts[0]!)));
    const trace = path.join(ws.dir, "trace.jsonl");
    try {
      // A relative --trace lands where the user typed the command (pnpm's INIT_CWD).
      const run = await runMain(["--", "--print", PROMPT, "--cwd", ws.dir, "--trace", "trace.jsonl"], {
        INIT_CWD: ws.dir,
        ANTHROPIC_BASE_URL: endpoint.url,
        ANTHROPIC_API_KEY: SECRET,
        MODEL_ID: "test-model",
      });
      expect(run.stderr).not.toContain("Error");
      expect(run.code).toBe(0);
      expect(run.stdout).toBe("I created hello.js and ran it with node. It printed: Hello Agent\n");
      // The key reached the endpoint (SDK 1.x sends it as a bearer token) on every request.
      expect(endpoint.headers.map((h) => h.authorization)).toEqual(Array(3).fill(`Bearer ${SECRET}`));

      const lines = (await readFile(trace, "utf8")).trim().split("\n").map((l) => JSON.parse(l));
      expect(lines.map((l) => `${l.type}:${l.agent}`)).toEqual([
        "request:lead", "response:lead", "request:lead", "response:lead", "request:lead", "response:lead",
      ]);
      expect(lines[0].body).toMatchObject({ model: "test-model", max_tokens: 8000, stream: true });
      expect(lines[0].body.messages).toEqual([{ role: "user", content: PROMPT }]);
      expect(lines[5].body.stop_reason).toBe("end_turn");
      expect(await readFile(trace, "utf8")).not.toContain(SECRET);
    } finally {
      await endpoint.close();
    }
  });

  it("over HTTP, exit waits on no worker: Node's HTTP parser (WebAssembly) is never recompiled with TurboFan", async () => {
    // The optimizing recompile runs on a worker thread that exit must join (about 100 ms after
    // the last byte). V8's own trace names the compiler of each WebAssembly function, so this
    // asserts the cause, not a time.
    const endpoint = await serveSimulator(new Simulator(await loadScript(lesson.demoScripts[0]!)));
    try {
      const run = await runLessonCli(pkg, ["--", "--print", PROMPT, "--cwd", ws.dir], {
        env: { ANTHROPIC_BASE_URL: endpoint.url, ANTHROPIC_API_KEY: SECRET, MODEL_ID: "test-model" },
        nodeArgs: ["--trace-wasm-compilation-times"],
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain("using Liftoff"); // the trace is on, and llhttp was compiled
      expect(run.stdout).not.toContain("using TurboFan");
    } finally {
      await endpoint.close();
    }
  });

  it("a key from an env file goes to the SDK only: neither bash's environment nor the lesson's own holds it", async () => {
    const probe = "env > child-env.txt; tr '\\0' '\\n' < /proc/$PPID/environ > parent-env.txt; echo probed";
    const script: Script = { turns: [{ content: [{ type: "tool_use", name: "bash", input: { command: probe } }] }, { content: [{ type: "text", text: "Probed." }] }] };
    const endpoint = await serveSimulator(new Simulator(script));
    const envFile = path.join(ws.dir, "..", "key.env");
    await writeFile(envFile, `ANTHROPIC_API_KEY=${SECRET}\nANTHROPIC_BASE_URL=${endpoint.url}\nMODEL_ID=test-model\n`);
    try {
      const run = await runMain(["--", "--print", "probe", "--cwd", ws.dir], { LEARN_ENV_FILE: envFile });
      expect(run.code).toBe(0);
      expect(run.stdout).toBe("Probed.\n");
      expect(endpoint.headers.map((h) => h.authorization)).toEqual(Array(2).fill(`Bearer ${SECRET}`));
      const parent = await readFile(path.join(ws.dir, "parent-env.txt"), "utf8");
      expect(parent).toContain("LEARN_ENV_FILE=");
      expect(parent).not.toContain(SECRET);
      expect(await readFile(path.join(ws.dir, "child-env.txt"), "utf8")).not.toContain(SECRET);
    } finally {
      await endpoint.close();
    }
  });

  it("an unreachable endpoint gives a clear error after the retries, and the REPL goes on", async () => {
    const run = await runMain(["--cwd", ws.dir], {
      ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
      ANTHROPIC_AUTH_TOKEN: SECRET,
      MODEL_ID: "test-model",
    }, "first try\nsecond try\n");
    expect(run.code).toBe(0);
    const errors = run.stdout.split("\n").filter((l) => l.includes("Could not reach http://127.0.0.1:9 (after 2 retries)"));
    expect(errors).toHaveLength(2);
    expect(run.stdout + run.stderr).not.toContain(SECRET);
  });

  it("offline with no key: the banner says so and the demo prompt works from piped stdin", async () => {
    const run = await runMain(["--cwd", ws.dir], {}, `${PROMPT}\n`);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Offline mode");
    expect(run.stdout).toContain("It printed: Hello Agent");
    expect(await readFile(path.join(ws.dir, "hello.js"), "utf8")).toContain("Hello Agent");
  });

  it("offline, /clear starts the script again: the demo runs twice in one session", async () => {
    const run = await runMain(["--cwd", ws.dir], {}, `${PROMPT}\n/clear\n${PROMPT}\n`);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("the offline model starts its script again");
    expect(run.stdout.split("It printed: Hello Agent")).toHaveLength(3);
    expect(run.stdout).not.toContain("400");
  });

  it.each([
    [["-p", "hi"], { LEARN_MAX_TOKENS: "lots" }, /^Invalid LEARN_MAX_TOKENS="lots"/],
    [["-p", "hi", "--cwd", "/no/such/folder"], {}, /^The workspace folder does not exist: \/no\/such\/folder/],
    [["--bogus"], {}, /Unknown option '--bogus'/],
  ])("bad input %j gives one clear line and exit 2", async (args, env, message) => {
    const run = await runMain(args, env as Record<string, string>);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toContain("    at ");
  });

  it("a malformed model script names the file, the line and the field", async () => {
    const bad = path.join(ws.dir, "bad.yaml");
    await import("node:fs/promises").then((fs) =>
      fs.writeFile(bad, "prompt: hi\nturns:\n  - content:\n      - { type: txt, text: hi }\n"),
    );
    const run = await runMain(["-p", "hi", "--model-script", bad], {});
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toMatch(new RegExp(`^${bad}:4: turns\\[0\\]\\.content\\[0\\]\\.type: `));
  });

  it("--demo runs the demo offline and exits 0", async () => {
    const run = await runMain(["--demo"], { ANTHROPIC_API_KEY: SECRET, MODEL_ID: "x" });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("bash node hello.js");
    expect(run.stdout).toContain("Final answer: I created hello.js and ran it with node. It printed: Hello Agent");
  });
});
