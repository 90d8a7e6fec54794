/**
 * Option values are files too (issue 36, items 1 and 11). `date -f .env` reads .env as surely
 * as `cat .env`; `cp -t ../outside README.md` writes outside the workspace; sed's `w FILE` and
 * `e` write and run; an option the course does not know could do either. Through s03's real
 * `decide()` in default, plan and acceptEdits (and, end to end, through the agent with the real
 * bash tool in a temporary folder: the canaries never change).
 */
import { access, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";
import { decide, lesson, parseRule, policyFor, type PermissionMode, type RuleList } from "../src/index.ts";
import { bash, never, scriptOf, writeSettings } from "./helpers.ts";

type Rules = Partial<Record<RuleList, string[]>>;
const MODES: PermissionMode[] = ["default", "plan", "acceptEdits"];

let root: string;
let ws: string;
beforeAll(async () => {
  // A repository root holding the key's .env, the workspace below it, a folder beside it.
  root = await mkdtemp(path.join(os.tmpdir(), "learn-option-values-"));
  ws = path.join(root, "ws");
  for (const dir of ["outside", "ws/secrets", "ws/.claude/commands", "ws/.git/hooks", "ws/locked"]) await mkdir(path.join(root, dir), { recursive: true });
  await writeFile(path.join(root, ".env"), "ANTHROPIC_API_KEY=sk-canary\n");
  await writeFile(path.join(root, "outside/x.txt"), "outside canary\n");
  await writeFile(path.join(ws, ".env"), "API_TOKEN=canary\n");
  await writeFile(path.join(ws, "secrets/key.pem"), "PEM canary\n");
  await writeFile(path.join(ws, "README.md"), "hello\n");
  await symlink(path.join(root, "outside"), path.join(ws, "outlink"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

function judged(command: string, rules: Rules, mode: PermissionMode, secrets = true) {
  const parsed = { deny: (rules.deny ?? []).map(parseRule), ask: (rules.ask ?? []).map(parseRule), allow: (rules.allow ?? []).map(parseRule) };
  const { policy } = policyFor({ rules: parsed, degraded: false, secretFiles: secrets ? [path.join(root, ".env")] : [] }, mode, ".claude/settings.json");
  return decide(bash(command), policy, ws);
}

describe("an option's value that is a file it reads is checked like an operand (item 1)", () => {
  const rules = { deny: ["Read(./.env)", "Read(./secrets/**)"] };
  it.each([
    "date -f .env", "date --file=.env", "date -f.env", "date --file .env", "date --fi=.env", "date -uf .env", "date -r .env",
    "file --files-from=.env", "file -f .env", "file -f secrets/key.pem", "date -f secrets/key.pem", "date --file=../.env",
    "grep --file=.env README.md", "grep -f secrets/key.pem README.md", "sort --random-source=.env README.md",
    "du -X .env .", "hexdump -f .env README.md", "touch -r .env README.md", "find . -newer .env", "jq -n --rawfile k .env '$k'",
  ])("%j is denied in every mode", (command) => {
    for (const mode of MODES) expect(judged(command, rules, mode).behavior, mode).toBe("deny");
  });

  it.each(["date -f ../outside/x.txt", "date --file=outlink/x.txt", "file --files-from=~/.ssh/id_rsa", "date -f /etc/hostname"])(
    "%j reads outside the workspace: not read-only, asked (plan: refused)",
    (command) => {
      for (const mode of MODES) expect(judged(command, {}, mode).behavior, mode).toBe(mode === "plan" ? "deny" : "ask");
    },
  );

  it("a value that is not a file is not taken for one", () => {
    for (const command of ["date -d yesterday", "head -n 5 README.md", "grep -e hello README.md", "date --date=@0 +%s", "sort -k2 -t, README.md"]) {
      for (const mode of MODES) expect(judged(command, {}, mode).behavior, `${command} ${mode}`).toBe("allow");
    }
  });
});

describe("an option's value that is a file it writes is an edit of it (item 1)", () => {
  const fileRules = { allow: ["Bash(cp *)", "Bash(mv *)", "Bash(sort *)"], deny: ["Edit(./locked/**)"] };
  it.each([
    "cp --target-directory=../outside README.md", "cp -t../outside README.md", "cp -t ../outside README.md", "cp -vt ../outside README.md",
    "cp --target=../outside README.md", "mv --target-directory=outlink README.md", "sort -o ../outside/y README.md", "sort --output=outlink/y README.md",
  ])("%j writes outside the workspace: asked under a rule and in acceptEdits (plan: refused)", (command) => {
    for (const mode of MODES) expect(judged(command, fileRules, mode).behavior, mode).toBe(mode === "plan" ? "deny" : "ask");
  });

  it.each(["cp --target-directory=.claude/commands README.md", "cp -t.git/hooks README.md", "mv -t .claude README.md"])(
    "%j writes a protected folder: asked in every mode, bypassPermissions too",
    (command) => {
      for (const mode of [...MODES, "bypassPermissions"] as const) expect(judged(command, fileRules, mode).behavior, mode).toBe(mode === "plan" ? "deny" : "ask");
    },
  );

  it.each(["cp -t locked README.md", "cp README.md locked", "cp --target-directory=locked README.md", "sort -olocked/y README.md"])("%j writes under an Edit deny rule: denied", (command) => {
    for (const mode of [...MODES, "bypassPermissions"] as const) expect(judged(command, fileRules, mode).behavior, mode).toBe("deny");
  });

  it("inside the workspace the same options are still approved", () => {
    expect(judged("cp -t secrets README.md", fileRules, "default").behavior).toBe("allow");
    expect(judged("sort -o sorted.txt README.md", fileRules, "default").behavior).toBe("allow");
  });
});

describe("acceptEdits: cp, mv and touch with any option are asked, as Claude Code asks (item 1)", () => {
  it.each(["cp -r shop copy", "cp -p README.md copy.md", "mv -f README.md moved.md", "cp -- README.md copy.md", "touch -c README.md", "touch -d 2020-01-01 README.md"])(
    "%j is asked in acceptEdits",
    (command) => expect(judged(command, {}, "acceptEdits", false).behavior).toBe("ask"),
  );
  it.each(["cp README.md copy.md", "mv README.md moved.md", "touch new.md", "mkdir -p a/b", "mkdir -m 700 d"])("%j still runs in acceptEdits", (command) => {
    expect(judged(command, {}, "acceptEdits", false).behavior).toBe("allow");
  });
});

describe("an option the course does not know makes the line unapprovable", () => {
  it.each(["cat --frobnicate README.md", "cat -Y README.md", "date --r", "cp --frobnicate README.md x.md", "ls --f", "find . -fancy"])(
    "%j is asked in default and acceptEdits (plan: refused), never approved by a rule",
    (command) => {
      const rules = { allow: ["Bash(cat *)", "Bash(cp *)", "Bash(date *)", "Bash(ls *)", "Bash(find *)"] };
      for (const mode of MODES) {
        const decision = judged(command, rules, mode);
        expect(decision.behavior, mode).toBe(mode === "plan" ? "deny" : "ask");
      }
      expect(judged(command, rules, "default").reason).toMatch(/not an option the course knows|not a primary the course knows|ambiguous/);
    },
  );
});

describe("an unknown option under a Read deny rule is asked in every mode, bypassPermissions too", () => {
  it.each(["date -Z .env", "cat --frobnicate=secrets/key.pem", "strings @.env"])("%j", (command) => {
    for (const mode of ["default", "acceptEdits", "bypassPermissions"] as const) {
      expect(judged(command, { deny: ["Read(./.env)", "Read(./secrets/**)"] }, mode).behavior, mode).not.toBe("allow");
    }
  });
});

describe("where Claude Code leaks too, the course is stricter (item 11)", () => {
  it.each(["diff --from-file=.env README.md", "diff --to-file=.env README.md", "wc --files0-from=.env", "du --files0-from=.env", "sort --files0-from=.env"])(
    "%j is denied under Read(./.env)",
    (command) => {
      for (const mode of [...MODES, "bypassPermissions"] as const) expect(judged(command, { deny: ["Read(./.env)"] }, mode).behavior, mode).toBe("deny");
    },
  );

  const sedRules = { allow: ["Bash(sed *)", "Bash(tar *)"] };
  it.each([
    ["sed -n 'w ../outside/w.txt' README.md", /outside the workspace/],
    ["sed -n 'W outlink/w.txt' README.md", /outside the workspace/],
    ["sed 's/a/b/w ../outside/w.txt' README.md", /outside the workspace/],
    ["sed -n '1r ../.env' README.md", /./],
    ["sed '1e touch x' README.md", /runs a command/],
    ["sed 's/.*/date/e' README.md", /runs a command/],
    ["sed -e p -e '1e id' README.md", /runs a command/],
    ["sed -f script.sed README.md", /runs a program or code/],
    ["sed 'Z' README.md", /cannot be followed/],
    ["tar --checkpoint=1 --checkpoint-action=exec=id -cf a.tar README.md", /runs a program/],
    ["tar -cf a.tar --to-command=id README.md", /runs a program/],
    ["tar -I 'sh -c id' -cf a.tar README.md", /runs a program/],
    ["tar --use=id -cf a.tar README.md", /runs a program/],
    ["tar -xf a.tar", /writes files nobody named/],
    ["tar xf a.tar", /writes files nobody named/],
  ])("%j is not approved by Bash(sed *) / Bash(tar *)", (command, why) => {
    for (const mode of MODES) {
      const decision = judged(command, sedRules, mode, false); // the key's file: tar reads folders whole, asked about anyway
      expect(decision.behavior, mode).not.toBe("allow");
      if (mode === "default") expect(decision.reason).toMatch(why);
    }
  });

  it("sed scripts that only edit text are still approved by the rule", () => {
    for (const command of ["sed -n '1,3p' README.md", "sed 's/a/b/g;s|x|y|' README.md", "sed -e '/^#/d' -e 's/ *$//' README.md", "sed -i 's/hello/hi/' README.md", "tar -cf a.tar README.md", "tar czf a.tgz README.md"]) {
      expect(judged(command, sedRules, "default", false).behavior, command).toBe("allow");
    }
  });

  it.each(["sed -i.bak s/a/b/ README.md", "sed --in-place=.bak s/a/b/ README.md", "sed --in-place s/a/b/ README.md", "sed -ni p README.md"])(
    "%j still meets an ask rule written for `sed -i` (and a deny rule)",
    (command) => {
      for (const mode of [...MODES, "bypassPermissions"] as const) {
        const asked = judged(command, { ask: ["Bash(sed -i *)"], allow: ["Bash(sed *)"] }, mode).behavior;
        expect(asked, mode).toBe(mode === "plan" ? "deny" : "ask");
        expect(judged(command, { deny: ["Bash(sed -i *)"] }, mode).behavior, mode).toBe("deny");
      }
    },
  );

  it("an ask rule for `rm -rf` also meets `rm -r --force` and `rm --recursive -f`", () => {
    for (const command of ["rm -r --force build", "rm --recursive -f build", "rm -r -f build"]) {
      expect(judged(command, { deny: ["Bash(rm -rf *)"] }, "bypassPermissions").behavior, command).toBe("deny");
    }
  });
});

describe("end to end: the agent with the real bash tool, the canaries untouched", () => {
  it("default mode, Read(./.env) denied: date -f, file --files-from and diff --from-file never show .env; cp -t never writes outside", async () => {
    await writeSettings(ws, { permissions: { deny: ["Read(./.env)"], allow: ["Bash(cp *)"] } });
    const commands = ["date -f .env", "file --files-from=.env", "diff --from-file=.env README.md", "cp -t ../outside README.md", "cp --target-directory=.claude/commands README.md", "date -f README.md"];
    const script = scriptOf(commands.map((command) => ({ name: "bash", input: { command } })));
    const { agent, simulator } = await scriptedAgent(lesson, script, ws);
    await agent.run("look around", never());
    const results = toolResultsOf(simulator.requests[1]!.body);
    expect(results.map((r) => r.isError)).toEqual([true, true, true, true, true, true]);
    for (const r of results) expect(r.content).not.toContain("canary");
    expect(results[5]!.content).toMatch(/hello/); // it ran: date could not parse README.md's line as a date
    await expect(access(path.join(root, "outside/README.md"))).rejects.toThrow();
    await expect(access(path.join(ws, ".claude/commands/README.md"))).rejects.toThrow();
    expect(await readFile(path.join(root, "outside/x.txt"), "utf8")).toBe("outside canary\n");
  });

  it("acceptEdits, Bash(sed *) and Bash(tar *) allowed: sed's w and e, tar's checkpoint action and cp -r never run; a plain cp does", async () => {
    await writeSettings(ws, { permissions: { allow: ["Bash(sed *)", "Bash(tar *)"] } });
    const commands = [
      "sed -n 'w ../outside/sed-w.txt' README.md",
      "sed -n '1e touch ran-e.txt' README.md",
      "tar --checkpoint=1 --checkpoint-action=exec='touch ran-tar.txt' -cf /dev/null README.md",
      "cp -t ../outside README.md",
      "cp -r secrets copied",
      "cp README.md plain-copy.md",
    ];
    const script = scriptOf(commands.map((command) => ({ name: "bash", input: { command } })));
    const { agent, simulator } = await scriptedAgent(lesson, script, ws, { flags: { "permission-mode": "acceptEdits" } });
    await agent.run("copy things", never());
    const results = toolResultsOf(simulator.requests[1]!.body);
    expect(results.map((r) => r.isError)).toEqual([true, true, true, true, true, false]);
    for (const file of ["outside/sed-w.txt", "outside/README.md", "ws/ran-e.txt", "ws/ran-tar.txt", "ws/copied"]) {
      await expect(access(path.join(root, file)), file).rejects.toThrow();
    }
    await access(path.join(ws, "plain-copy.md"));
  });
});
