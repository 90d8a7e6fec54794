import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { existingUserFile, parseCli, usage, UsageError } from "../src/app/cli/args.ts";
import { pnpmReportNote, runCli } from "../src/app/cli/index.ts";
import type { Agent, Lesson } from "../src/runtime/lesson.ts";
import { OFFLINE_DRIFT, OFFLINE_MISS } from "../src/app/turn-errors.ts";

const lesson = {
  id: "t00",
  title: "test",
  headline: "a lesson that never runs",
  demoScripts: [],
  createAgent: () => {
    throw new Error("not reached");
  },
} as unknown as Lesson;

let dir: string;
const saved = { initCwd: process.env.INIT_CWD, envFile: process.env.LEARN_ENV_FILE };
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "cli-"));
  process.env.INIT_CWD = dir; // where pnpm was started
  process.env.LEARN_ENV_FILE = "none";
});
afterEach(async () => {
  for (const [name, value] of [["INIT_CWD", saved.initCwd], ["LEARN_ENV_FILE", saved.envFile]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

describe("--model-script", () => {
  it("resolves a relative path once, from the folder the command was typed in", async () => {
    await writeFile(path.join(dir, "s.yaml"), "turns: []\n");
    expect(existingUserFile("--model-script", "s.yaml")).toBe(path.join(dir, "s.yaml"));
  });

  it("names a missing file in one line: the full path and where it was resolved from", () => {
    expect(() => existingUserFile("--model-script", "nope.yaml")).toThrow(UsageError);
    expect(() => existingUserFile("--model-script", "nope.yaml")).toThrow(
      `--model-script: no such file: ${path.join(dir, "nope.yaml")} (a relative path starts from ${dir})`,
    );
  });

  it("exits 2 with that line and no stack trace", async () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (written.push(String(chunk)), true));
    const code = await runCli(lesson, ["--model-script", "nope.yaml", "-p", "hi"]);
    expect(code).toBe(2);
    expect(written.join("")).toBe(`--model-script: no such file: ${path.join(dir, "nope.yaml")} (a relative path starts from ${dir})\n`);
  });
});

describe("--trace", () => {
  it("at a named pipe, a folder or a device is refused with exit 2 and one line, before anything runs (a pipe would hang the run and its exit)", async () => {
    execFileSync("mkfifo", [path.join(dir, "pipe")]);
    await writeFile(path.join(dir, "s.yaml"), "turns: []\n");
    const err: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
    for (const [given, what] of [["pipe", "a named pipe"], [".", "a folder"], ["/dev/null", "not a file"]]) {
      err.length = 0;
      expect(await runCli(lesson, ["--model-script", "s.yaml", "--cwd", dir, "-p", "go", "--trace", given!])).toBe(2);
      expect(err.join("")).toBe(`--trace: ${path.resolve(dir, given!)} is not a regular file (${what}): give the path of a file to append to\n`);
    }
  }, 10_000);
});

describe("an unknown flag", () => {
  const withMode = { flags: [{ name: "permission-mode", description: "how calls are approved" }] };

  it.each([
    [["--trce", "t.jsonl"], "Unknown option '--trce': did you mean --trace?"],
    [["--Demo"], "Unknown option '--Demo': did you mean --demo?"],
    [["--", "--model", "s.yaml"], "Unknown option '--model': did you mean --model-script?"],
    [["--permision-mode", "plan"], "Unknown option '--permision-mode': did you mean --permission-mode?"],
    [["-x"], "Unknown option '-x'"], // nothing is obviously meant: no guess
  ])("%j is a usage error naming the flag it most likely meant", (args, message) => {
    expect(() => parseCli(args, withMode)).toThrow(UsageError);
    expect(() => parseCli(args, withMode)).toThrow(new UsageError(message));
  });
});

describe("the `--` pnpm passes on", () => {
  const withMode = { flags: [{ name: "permission-mode", description: "how calls are approved" }] };

  it("is dropped where pnpm puts it: first (`start -- -p x`) or after the script's own flag (`demo -- --trace f`)", () => {
    expect(parseCli(["--", "-p", "hi"], withMode).print).toBe("hi");
    const demo = parseCli(["--demo", "--", "--trace", "f.jsonl", "--permission-mode", "plan"], withMode);
    expect([demo.demo, demo.trace, demo.flags["permission-mode"]]).toEqual([true, "f.jsonl", "plan"]);
  });

  it("is not taken from an option's value (`-p --` stays the parser's error, not a prompt-less -p); a second one is an error", () => {
    expect(() => parseCli(["-p", "--"], withMode)).toThrow(/'-p' argument is ambiguous/);
    expect(() => parseCli(["--", "--demo", "--", "x"], withMode)).toThrow(UsageError);
  });
});

describe("pnpm's own report after a failed run", () => {
  const pnpm = { npm_config_user_agent: "pnpm/10.34.9 npm/? node/v20.20.2 linux x64", npm_lifecycle_event: "start" };

  it("is announced under `pnpm start`, so its box is not read as a second error; not under pnpm -s, not by node, not after success", () => {
    expect(pnpmReportNote(2, pnpm)).toBe("(pnpm adds its own report of exit status 2 below; the lesson's message is above it. `pnpm -s` leaves pnpm's report out.)");
    expect(pnpmReportNote(2, { ...pnpm, npm_config_reporter: "silent" })).toBeUndefined();
    expect(pnpmReportNote(2, {})).toBeUndefined();
    expect(pnpmReportNote(0, pnpm)).toBeUndefined();
    // A lesson run by a test under `pnpm test` inherits pnpm's variables: its stderr stays its own.
    expect(pnpmReportNote(2, { ...pnpm, npm_lifecycle_event: "test" })).toBeUndefined();
  });
});

describe("--print", () => {
  it.each([[["-p", ""]], [["--print", "   "]], [["--", "-p", ""]]])("%j is a usage error, before any model call", async (args) => {
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    expect(await runCli(lesson, args)).toBe(2);
    expect(String(stderr.mock.calls[0]?.[0])).toMatch(/^--print needs a prompt/);
  });

  describe("a prompt that starts with /name calls the agent's command", () => {
    /** A lesson whose agent records its prompts and has two commands: one starts a turn, one prints. */
    function commandLesson() {
      const prompts: string[] = [];
      const ended: number[] = [];
      const agent: Agent = {
        anatomy: () => ({ tools: [], hooks: [], promptSections: [], commands: ["greet", "count"] }),
        run: async (prompt) => (prompts.push(prompt), `answer to ${prompt}`),
        clear: () => {},
        commands: [
          { name: "greet", description: "", run: (args) => ({ prompt: `Say hello to ${args}.`, onEnd: () => void ended.push(prompts.length) }) },
          { name: "count", description: "", run: () => `prompts: ${prompts.length}` },
        ],
      };
      return { lesson: { ...lesson, createAgent: () => agent } as Lesson, prompts, ended };
    }

    async function print(l: Lesson, prompt: string) {
      await writeFile(path.join(dir, "s.yaml"), "turns: [ { content: [ { type: text, text: hi } ] } ]\n");
      const out: string[] = [];
      const err: string[] = [];
      vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (out.push(String(chunk)), true));
      vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
      const code = await runCli(l, ["--model-script", "s.yaml", "--cwd", dir, "-p", prompt]);
      vi.restoreAllMocks();
      return { code, stdout: out.join(""), stderr: err.join("") };
    }

    it("a command's turn runs, then its onEnd", async () => {
      const c = commandLesson();
      const run = await print(c.lesson, "/greet the team");
      expect(run).toMatchObject({ code: 0, stdout: "answer to Say hello to the team.\n" });
      expect(run.stderr).toContain("/greet → Say hello to the team.");
      expect(c.prompts).toEqual(["Say hello to the team."]);
      expect(c.ended).toEqual([1]);
    });

    it("a command's text is printed; nothing goes to the model", async () => {
      const c = commandLesson();
      expect(await print(c.lesson, "/count")).toMatchObject({ code: 0, stdout: "prompts: 0\n" });
      expect(c.prompts).toEqual([]);
    });

    it("an unknown /name exits 2 and names the commands there are; a path is a prompt", async () => {
      const c = commandLesson();
      const run = await print(c.lesson, "/grete the team");
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("Unknown command /grete: this agent's commands are /greet, /count. Nothing was sent to the model.");
      expect(c.prompts).toEqual([]);
      expect((await print(c.lesson, "/tmp/x.log: what failed?")).code).toBe(0);
      expect(c.prompts).toEqual(["/tmp/x.log: what failed?"]);
    });
  });
});

describe("--print offline, a prompt the script does not know", () => {
  /** A lesson whose agent sends each prompt to the model as it is. */
  const asking = {
    ...lesson,
    createAgent: ({ model }) => ({
      anatomy: () => ({ tools: [], hooks: [], promptSections: [], commands: [] }),
      run: async (prompt, signal) => (await model.call({ messages: [{ role: "user", content: prompt }] }, signal)).id,
      clear: () => {},
    }),
  } as Lesson;

  it("is called that, as the REPL does (not a changed workspace), in one explanation without the raw 400", async () => {
    await writeFile(path.join(dir, "s.yaml"), "prompt: say hi\nturns:\n  - expect: { lastUserIncludes: hi }\n    content: [ { type: text, text: hi } ]\n");
    const err: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
    const code = await runCli(asking, ["--model-script", "s.yaml", "--cwd", dir, "-p", "what is the meaning of life"]);
    vi.restoreAllMocks();
    const stderr = err.join("");
    expect(code).toBe(1);
    expect(stderr).toContain(OFFLINE_MISS);
    expect(stderr).toContain('It knows: "say hi"\n'); // no /demo or /clear: --print has neither
    expect(stderr).not.toContain(OFFLINE_DRIFT);
    expect(stderr).not.toContain("The API answered");
  });

  it("a provider set up without its key: the run says, first, which settings it ignores", async () => {
    await writeFile(path.join(dir, "s.yaml"), "prompt: say hi\nturns:\n  - content: [ { type: text, text: hi } ]\n");
    const err: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
    // The shell's own provider settings are put aside: only a base URL, and no key.
    const names = ["ANTHROPIC_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "MODEL_ID", "ANTHROPIC_MODEL", "FALLBACK_MODEL_ID"];
    const shell = names.map((name) => [name, process.env[name]] as const);
    for (const name of names) delete process.env[name];
    process.env.ANTHROPIC_BASE_URL = "https://api.deepseek.com/anthropic";
    try {
      expect(await runCli(asking, ["--model-script", "s.yaml", "--cwd", dir, "-p", "say hi"])).toBe(0);
    } finally {
      for (const [name, value] of shell) if (value === undefined) delete process.env[name]; else process.env[name] = value;
      vi.restoreAllMocks();
    }
    expect(err[0]).toMatch(/^ANTHROPIC_BASE_URL is set but ignored: no key is set \(ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN\)/);
  });
});

describe("the demo's flags", () => {
  /** A lesson that records the flags its agent was made with. */
  function flagLesson() {
    const seen: Record<string, string | undefined>[] = [];
    const agent: Agent = { anatomy: () => ({ tools: [], hooks: [], promptSections: [], commands: [] }), run: async () => "ok", clear: () => {} };
    const l = {
      ...lesson,
      flags: [{ name: "compact-threshold", description: "compact above this many tokens", env: "LEARN_TEST_THRESHOLD" }],
      demoFlags: { "compact-threshold": "4000" },
      createAgent: (options: { flags: Record<string, string | undefined> }) => (seen.push(options.flags), agent),
    } as unknown as Lesson;
    return { l, seen };
  }

  it("offline, the lesson runs with its demo's flags; the flag's environment variable beats them, the command line beats both", async () => {
    await writeFile(path.join(dir, "s.yaml"), "turns: [ { content: [ { type: text, text: hi } ] } ]\n");
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const { l, seen } = flagLesson();
    expect(await runCli(l, ["--model-script", "s.yaml", "--cwd", dir, "-p", "go"])).toBe(0);
    expect(await runCli(l, ["--model-script", "s.yaml", "--cwd", dir, "--compact-threshold", "9000", "-p", "go"])).toBe(0);
    process.env.LEARN_TEST_THRESHOLD = "7000";
    try {
      expect(await runCli(l, ["--model-script", "s.yaml", "--cwd", dir, "-p", "go"])).toBe(0);
      expect(await runCli(l, ["--model-script", "s.yaml", "--cwd", dir, "--compact-threshold", "9000", "-p", "go"])).toBe(0);
    } finally {
      delete process.env.LEARN_TEST_THRESHOLD;
    }
    expect(seen.map((flags) => flags["compact-threshold"])).toEqual(["4000", "9000", "7000", "9000"]);
  });
});

describe("a lesson flag with no value, or an optional one (s15's --continue, --resume [id])", () => {
  const sessions = {
    flags: [
      { name: "continue", description: "the latest session", value: "none" as const },
      { name: "resume", description: "a session by id, or a picker", value: "optional" as const },
    ],
  };

  it.each([
    [["--continue"], { continue: "true", resume: undefined }],
    [["--resume"], { continue: undefined, resume: "" }],
    [["--resume", "--continue"], { continue: "true", resume: "" }],
    [["--resume", "abc123", "-p", "go"], { continue: undefined, resume: "abc123" }],
    [["--", "--resume", "-p", "go"], { continue: undefined, resume: "" }],
    [["--resume=abc"], { continue: undefined, resume: "abc" }],
  ])("%j reads as %j", (args, flags) => {
    expect(parseCli(args, sessions).flags).toEqual(flags);
  });

  it("a switch given a value is a usage error, and the help shows which flags take one", () => {
    expect(() => parseCli(["--continue=yes"], sessions)).toThrow(UsageError);
    const help = usage({ ...sessions, id: "s15", title: "Sessions", headline: "h", demoScripts: [], createAgent: () => { throw new Error("unused"); } });
    expect(help).toContain("  --continue  the latest session");
    expect(help).toContain("  --resume [value]  a session by id, or a picker");
  });
});

