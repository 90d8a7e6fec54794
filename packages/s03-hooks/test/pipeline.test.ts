/**
 * The permission pipeline as a table: one call, one policy, one decision — refuse-list,
 * deny → ask → allow (first match wins), compound commands, redirections, modes.
 */
import { describe, expect, it } from "vitest";
import { decide, type PermissionMode, type RuleList } from "../src/index.ts";
import type { Behavior } from "../src/permissions/decision.ts";
import { bash, callOf, policyOf, WORKSPACE } from "./helpers.ts";

const RULES: Partial<Record<RuleList, string[]>> = {
  deny: ["Bash(rm *)", "Read(./.env)", "Edit(secrets/**)"],
  ask: ["Bash(git push *)"],
  allow: ["Bash(npm test *)", "Bash(ls *)", "Bash(echo *)", "Bash(cat *)", "Bash(cd *)", "Edit(*.md)", "Read"],
};

const decisionOf = (call: ReturnType<typeof callOf>, mode: PermissionMode = "default", rules: Partial<Record<RuleList, string[]>> = RULES) =>
  decide(call, policyOf(rules, mode), WORKSPACE);

describe("rules: deny → ask → allow, and compound commands", () => {
  it.each<[string, Behavior, RegExp]>([
    ["npm test", "allow", /allowed by Bash\(npm test \*\)/],
    ["npm test -- --watch", "allow", /npm test/],
    ["npm test && ls -la", "allow", /Bash\(npm test \*\), Bash\(ls \*\)/],
    ["npm test | cat", "allow", /allowed/],
    ["npm test && node evil.js", "ask", /default mode asks/],
    ["npm test; rm -rf build", "deny", /matches the rule Bash\(rm \*\) in permissions.deny of \.claude\/settings\.json/],
    ["ls || rm x", "deny", /Bash\(rm \*\)/],
    ["git push origin main", "ask", /the rule Bash\(git push \*\) in permissions.ask/],
    ["npm test && git push", "ask", /git push/],
    ["git push && rm -rf x", "deny", /rm/],
    [`git commit -m "a; rm -rf x"`, "ask", /default mode/],
    [`echo "a && rm -rf x"`, "allow", /Bash\(echo \*\)/],
    ["timeout 10 npm test", "allow", /npm test/],
    ["nice -n 5 npm test", "allow", /npm test/],
    ["env FOO=1 npm test", "ask", /no rule can approve this one: .*env/],
    ["FOO=1 npm test", "ask", /no rule can approve this one: .*FOO/],
    ["NODE_ENV=production npm test", "allow", /npm test/],
    ["timeout 10 rm -rf x", "deny", /Bash\(rm \*\)/],
    ["env A=1 rm -rf x", "deny", /Bash\(rm \*\)/],
  ])("%j → %s", (command, behavior, reason) => {
    const d = decisionOf(bash(command));
    expect(d.behavior).toBe(behavior);
    expect(d.reason).toMatch(reason);
  });

  it("a command in both deny and allow is denied; in both ask and allow is asked", () => {
    const both = { deny: ["Bash(make *)"], ask: ["Bash(npm publish)"], allow: ["Bash(make *)", "Bash(npm publish)"] };
    expect(decisionOf(bash("make all"), "default", both).behavior).toBe("deny");
    expect(decisionOf(bash("npm publish"), "default", both).behavior).toBe("ask");
  });
});

describe("command substitution: no allow rule can approve it, deny rules still see inside", () => {
  it.each<[string, Behavior]>([
    ["echo $(date)", "ask"],
    ["echo `date`", "ask"],
    [`echo "$(date)"`, "ask"],
    ["cat <(ls)", "ask"],
    [`bash -c "npm test"`, "ask"],
    ["echo $(rm -rf x)", "deny"],
    ["echo `rm x`", "deny"],
    [`bash -c "rm -rf build"`, "deny"],
    [`sh -c 'ls && rm x'`, "deny"],
  ])("%j → %s", (command, behavior) => {
    expect(decisionOf(bash(command)).behavior).toBe(behavior);
  });

  it("even a bare `Bash` allow rule does not approve a substitution", () => {
    const d = decisionOf(bash("echo $(whoami)"), "default", { allow: ["Bash"] });
    expect(d.behavior).toBe("ask");
    expect(d.reason).toMatch(/no rule can approve this one/);
  });
});

describe("redirections are writes", () => {
  it.each<[string, Behavior, RegExp]>([
    // Bash(echo *) runs echo; writing the file is an edit, and no Edit rule allows it (as Claude Code asks).
    ["echo x > notes.txt", "ask", /default mode asks/],
    ["echo x >> logs/today.log", "ask", /default mode asks/],
    ["echo x > README.md", "allow", /Bash\(echo \*\), Edit\(\*\.md\)/],
    ["echo x > /etc/passwd", "ask", /writes to \/etc\/passwd, outside the workspace/],
    ["echo x > ../outside.txt", "ask", /outside the workspace/],
    ["echo x > $HOME/.bashrc", "ask", /outside the workspace/],
    ["echo x > ~/.bashrc", "ask", /outside the workspace/],
    ["echo x > secrets/key.txt", "deny", /Edit\(secrets\/\*\*\)/],
    ["echo x > /dev/null", "allow", /echo/],
    ["cd /etc && echo x > passwd", "ask", /writes to passwd, outside the workspace/],
    ["cd sub && echo x > /work/ws/sub/a.md", "allow", /Bash\(cd \*\), Bash\(echo \*\), Edit\(\*\.md\)/],
  ])("%j → %s", (command, behavior, reason) => {
    const d = decisionOf(bash(command));
    expect(d.behavior).toBe(behavior);
    expect(d.reason).toMatch(reason);
  });

  it("acceptEdits lets an allowed command write inside the workspace; a bare Bash rule allows its writes", () => {
    expect(decisionOf(bash("echo x > notes.txt"), "acceptEdits")).toMatchObject({ behavior: "allow", reason: expect.stringMatching(/acceptEdits mode allows its writes/) });
    expect(decisionOf(bash("echo x > ../out.txt"), "acceptEdits").behavior).toBe("ask");
    expect(decisionOf(bash("node x.js > out.txt"), "acceptEdits").behavior).toBe("ask"); // node: no rule runs it
    expect(decisionOf(bash("ls > out.txt"), "default", { allow: ["Bash"] }).behavior).toBe("allow");
  });

  it("a bare Write deny rule stops every redirection to a file", () => {
    const rules = { deny: ["Write"], allow: ["Bash(echo *)"] };
    expect(decisionOf(bash("echo x > a.txt"), "default", rules).behavior).toBe("deny");
    expect(decisionOf(bash("echo x"), "default", rules).behavior).toBe("allow");
  });
});

describe("file tools and aliases", () => {
  it.each<[string, Record<string, unknown>, Behavior]>([
    ["write_file", { path: "README.md", content: "" }, "allow"], // Edit(*.md) covers write_file
    ["edit_file", { path: "docs/guide.md", old_text: "a", new_text: "b" }, "allow"],
    ["write_file", { path: "src/app.js", content: "" }, "ask"],
    ["write_file", { path: "secrets/key.md", content: "" }, "deny"], // deny before allow
    ["read_file", { path: ".env" }, "deny"],
    ["read_file", { path: "config/.env" }, "allow"], // ./.env is anchored at the workspace root
    ["read_file", { path: "src/app.js" }, "allow"],
    ["glob", { pattern: "**/*.js" }, "allow"],
    ["grep", { pattern: "export" }, "allow"],
  ])("%s %j → %s", (tool, input, behavior) => {
    expect(decisionOf(callOf(tool, input)).behavior).toBe(behavior);
  });

  it("Write covers write_file but not edit_file", () => {
    const rules = { allow: ["Write(*.txt)"] };
    expect(decisionOf(callOf("write_file", { path: "a.txt", content: "" }), "default", rules).behavior).toBe("allow");
    expect(decisionOf(callOf("edit_file", { path: "a.txt", old_text: "a", new_text: "b" }), "default", rules).behavior).toBe("ask");
  });

  it("non-mutating tools are allowed unless a deny or ask rule matches", () => {
    expect(decisionOf(callOf("grep", { pattern: "x" }), "default", {}).behavior).toBe("allow");
    expect(decisionOf(callOf("grep", { pattern: "x" }), "default", { ask: ["Grep"] }).behavior).toBe("ask");
    expect(decisionOf(callOf("glob", { pattern: "*" }), "bypassPermissions", { deny: ["Glob"] }).behavior).toBe("deny");
  });
});

describe("modes decide what no rule decided", () => {
  const write = callOf("write_file", { path: "src/app.js", content: "" });
  const writeOutside = callOf("write_file", { path: "../elsewhere/app.js", content: "" });
  const edit = callOf("edit_file", { path: "src/app.js", old_text: "a", new_text: "b" });
  const run = bash("node build.js");
  const read = callOf("read_file", { path: "src/app.js" });
  const none = {};

  it.each<[PermissionMode, Behavior, Behavior, Behavior, Behavior]>([
    // mode                write    edit     bash     read
    ["default", "ask", "ask", "ask", "allow"],
    ["acceptEdits", "allow", "allow", "ask", "allow"],
    ["plan", "deny", "deny", "deny", "allow"],
    ["bypassPermissions", "allow", "allow", "allow", "allow"],
  ])("%s: write %s, edit %s, bash %s, read %s", (mode, w, e, b, r) => {
    expect([write, edit, run, read].map((c) => decisionOf(c, mode, none).behavior)).toEqual([w, e, b, r]);
  });

  it("acceptEdits allows edits only inside the workspace", () => {
    expect(decisionOf(writeOutside, "acceptEdits", none).behavior).toBe("ask");
  });

  it("plan mode denies mutating calls even when a rule allows them, and says it is plan mode", () => {
    const d = decisionOf(bash("npm test"), "plan");
    expect(d).toMatchObject({ behavior: "deny", step: "plan mode" });
    expect(d.reason).toMatch(/^plan mode: .*only reads and plans/);
  });

  it("deny and ask rules hold in bypassPermissions", () => {
    expect(decisionOf(bash("rm x"), "bypassPermissions").behavior).toBe("deny");
    expect(decisionOf(bash("git push"), "bypassPermissions").behavior).toBe("ask");
  });
});

describe("the refuse-list holds in every mode, whatever the rules say", () => {
  const modes: PermissionMode[] = ["default", "acceptEdits", "plan", "bypassPermissions"];
  const commands = ["sudo ls", "rm -rf /", "npm test && sudo reboot", "dd if=/dev/zero of=x", "echo x > /dev/sda"];
  for (const mode of modes) {
    it.each(commands)(`${mode}: %j is refused`, (command) => {
      const d = decisionOf(bash(command), mode, { allow: ["Bash", "Bash(sudo *)"] });
      expect(d).toMatchObject({ behavior: "deny", step: "refuse-list" });
      expect(d.reason).toMatch(/which this harness never runs/);
    });
  }
});

describe(".claude/ is the agent's own configuration: only a person may change it, in every mode", () => {
  const WIDE = { allow: ["Bash(echo *)", "Edit", "Write", "Edit(.claude/**)"] };
  it.each<[string, Record<string, unknown>, PermissionMode, Behavior]>([
    ["write_file", { path: ".claude/hooks/log-tool.sh", content: "rm -rf ." }, "default", "ask"],
    ["write_file", { path: ".claude/hooks/log-tool.sh", content: "rm -rf ." }, "acceptEdits", "ask"],
    ["edit_file", { path: ".claude/settings.json", old_text: "deny", new_text: "allow" }, "acceptEdits", "ask"],
    ["bash", { command: "echo '{}' > .claude/settings.json" }, "default", "ask"],
    ["bash", { command: "echo '{}' > .claude/settings.json" }, "acceptEdits", "ask"],
    ["write_file", { path: ".claude/settings.json", content: "{}" }, "bypassPermissions", "ask"],
    ["write_file", { path: "notes.md", content: "" }, "default", "allow"], // an ordinary file: the rules decide
    ["bash", { command: "echo hi > out.txt" }, "default", "allow"],
  ])("%s %j in %s → %s", (tool, input, mode, behavior) => {
    const d = decisionOf(callOf(tool, input), mode, WIDE);
    expect(d.behavior).toBe(behavior);
    if (behavior === "ask") expect(d).toMatchObject({ step: "protected path", reason: expect.stringMatching(/a protected path \(\.claude, \.git/) });
  });
});
