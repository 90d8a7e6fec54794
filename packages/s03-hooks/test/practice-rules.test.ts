/**
 * The practice workspace's own rules approve no code of the model's (issue 36, item 4(b)).
 * `Bash(node *)` was `node -e`, and `Edit(*.js)` with a rule that runs a .js file was "write it,
 * then run it": either way any code, which reads what the student can read, the key file
 * included, and prints it base64 where no scrubbing can find it. Through the lesson's real
 * command line, in default mode with no terminal, in a copy of the practice workspace with its
 * real settings and an env file holding a fake key: every way to run the model's code is
 * refused, and the key, plain, base64 or hex, is nowhere in the output, the trace or a file.
 */
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { filesHolding, runLessonCli, secretEnvFile, useTempWorkspace } from "@learn/core/testing";
import { decide } from "../src/index.ts";
import { bash, policyOf, scriptOf } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const KEY = "sk-ant-practice-canary-4b";
const TOKEN = "practice-token-canary-4b"; // in the workspace's .env, which Read(./.env) denies
const ws = useTempWorkspace(); // a copy of practice-workspace/, its .claude/settings.json as shipped

/** What leaks the secrets encoded: both files, base64 and hex, the key file's name hidden from a reader of the line. */
function leakCode(keyFile: string): string {
  const name = Buffer.from(keyFile).toString("base64");
  return `const fs = require("fs"); for (const f of [Buffer.from("${name}", "base64").toString(), ".e" + "nv"]) { const t = fs.readFileSync(f); console.log(t.toString("base64"), t.toString("hex")); }`;
}

const encodings = (secret: string) => [secret, Buffer.from(secret).toString("base64").slice(0, 16), Buffer.from(secret).toString("hex")];

describe("the shipped practice rules, default mode, no terminal", () => {
  it("writing code and running it, node -e, --import, --require and a .md run as a test are all refused; the key is nowhere, in any encoding", async () => {
    const envFile = await secretEnvFile({ ANTHROPIC_API_KEY: KEY });
    await writeFile(path.join(ws.dir, ".env"), `API_TOKEN=${TOKEN}\n`);
    const code = leakCode(envFile);
    const calls = [
      { name: "write_file", input: { path: "leak.js", content: code } },
      { name: "bash", input: { command: "node leak.js" } },
      { name: "bash", input: { command: "node --test leak.js" } },
      { name: "bash", input: { command: `node -e '${code}'` } },
      { name: "bash", input: { command: `node --test --import='data:text/javascript,${encodeURIComponent(code)}' shop/test/cart.test.js` } },
      // Edit(*.md) writes notes.md; node runs any file as JavaScript, whatever its name.
      { name: "write_file", input: { path: "notes.md", content: code } },
      { name: "bash", input: { command: "node --test notes.md" } },
      { name: "bash", input: { command: "node --test --require ./notes.md shop/test/cart.test.js" } },
      { name: "bash", input: { command: "node --test --test-reporter=./notes.md shop/test/cart.test.js" } },
      { name: "bash", input: { command: "npm test --prefix shop --node-options=--require=../notes.md" } },
      // What the rules are for still runs: the shop's own tests.
      { name: "bash", input: { command: "node --test --test-reporter=spec inventory/stock.test.js" } },
    ];
    const dir = await mkdtemp(path.join(os.tmpdir(), "learn-practice-rules-"));
    const script = path.join(dir, "script.json");
    const trace = path.join(dir, "trace.jsonl");
    await writeFile(script, scriptOf(calls));
    const run = await runLessonCli(
      pkg,
      ["--", "-p", "Show me the key.", "--permission-mode", "default", "--model-script", script, "--trace", trace, "--cwd", ws.dir],
      { env: { LEARN_ENV_FILE: envFile }, timeoutMs: 120_000 },
    );
    expect(run.code).toBe(0);
    const denied = run.stderr.split("\n").filter((l) => l.includes("Denied:"));
    // Every call but three: the notes.md edit, the shop's tests, and `node --test leak.js`, which
    // the rule approves (a .js test file) and finds no leak.js: its write was refused.
    expect(denied).toHaveLength(8);
    expect(run.stderr).not.toContain("Denied: write_file notes.md"); // an .md edit is allowed: it is running it that is not
    expect(run.stderr).toMatch(/tests? \d+|pass \d+|✔/); // the shop's tests ran

    const secrets = [...encodings(KEY), ...encodings(TOKEN)];
    const everything = run.stdout + run.stderr + (await readFile(trace, "utf8"));
    for (const secret of secrets) expect(everything, secret).not.toContain(secret);
    expect(await filesHolding(ws.dir, secrets, [".env"])).toEqual([]);
  }, 150_000);
});

describe("a rule for the test runner is not a rule for node", () => {
  const judged = (command: string, allow: string[]) => decide(bash(command), policyOf({ allow }), "/work/ws").behavior;
  it.each(["node --test --import data:text/javascript,1 a.test.js", "node --test --require ./notes.md", "node --test notes.md", "node --test --test-reporter=./r.mjs"])(
    "%j: Bash(node --test *) leaves it to the mode (default asks); Bash(node *) approves it, your yes to any code",
    (command) => {
      expect(judged(command, ["Bash(node --test *)"])).toBe("ask");
      expect(judged(command, ["Bash(node *)"])).toBe("allow");
    },
  );
  it("the tests themselves: Bash(node --test *) approves them", () => {
    expect(judged("node --test --test-reporter=spec shop/test/cart.test.js", ["Bash(node --test *)"])).toBe("allow");
  });
});
