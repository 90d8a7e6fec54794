/**
 * s03-pipeline: the student's `decide` in the lesson — a table of calls and policies, one for
 * each step of the pipeline, then a scripted session through the agent with a settings file.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import type { ToolCall } from "@learn/core";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";
import { tools } from "@learn/s02";
import type { decide, parseRule, PermissionMode, policyFor, RuleList, withEarlierToolPermissions } from "@learn/s03";

interface S03 {
  lesson: Lesson;
  decide: typeof decide;
  parseRule: typeof parseRule;
  policyFor: typeof policyFor;
  withEarlierToolPermissions: typeof withEarlierToolPermissions;
}

const RULES: Partial<Record<RuleList, string[]>> = {
  deny: ["Bash(rm *)", "Bash(make *)"],
  ask: ["Bash(git push *)", "Bash(npm publish)"],
  allow: ["Bash(npm test *)", "Bash(make *)", "Bash(npm publish)", "Edit(*.md)", "Edit(.git/**)"],
};

/** [what the call is, the mode, the behaviour the pipeline must reach, the step that decides]. */
const TABLE: [string, { name: string; input: Record<string, unknown> }, PermissionMode, string, string][] = [
  ["the refuse-list, even in bypassPermissions", { name: "bash", input: { command: "sudo ls" } }, "bypassPermissions", "deny", "refuse-list"],
  ["a deny rule beats an allow rule for the same command", { name: "bash", input: { command: "make all" } }, "default", "deny", "deny rule"],
  ["plan mode refuses a write", { name: "write_file", input: { path: "notes.md", content: "x" } }, "plan", "deny", "plan mode"],
  ["an ask rule beats an allow rule", { name: "bash", input: { command: "npm publish" } }, "default", "ask", "ask rule"],
  ["an allow rule cannot clear a protected path (.git/)", { name: "write_file", input: { path: ".git/config", content: "x" } }, "default", "ask", "protected path"],
  ["an allow rule allows", { name: "bash", input: { command: "npm test" } }, "default", "allow", "allow rule"],
  ["a read-only command needs no rule", { name: "bash", input: { command: "cat README.md" } }, "default", "allow", "read-only"],
  ["what no rule decides, the mode decides", { name: "bash", input: { command: "node build.js" } }, "default", "ask", "mode"],
];

export default defineChecks([
  {
    name: "each step of the pipeline decides in its turn (a table of eight calls)",
    async run(t) {
      const s03 = await t.lesson<S03>("src/index.ts");
      const earlier = s03.withEarlierToolPermissions(tools);
      for (const [what, { name, input }, mode, behavior, step] of TABLE) {
        const rules = { deny: (RULES.deny ?? []).map(s03.parseRule), ask: (RULES.ask ?? []).map(s03.parseRule), allow: (RULES.allow ?? []).map(s03.parseRule) };
        const policy = s03.policyFor({ rules, degraded: false }, mode, ".claude/settings.json").policy;
        const call: ToolCall = { id: "toolu_check", name, input, tool: earlier.find((tool) => tool.name === name)! };
        const decision = s03.decide(call, policy, "/work/ws");
        expect({ behavior: decision?.behavior, step: decision?.step }, `${what}: ${name} ${JSON.stringify(input)} in ${mode} mode`).toEqual({ behavior, step });
      }
    },
  },
  {
    name: "in a session: a denied rm never runs, an allowed write does, the model reads why",
    async run(t) {
      const { lesson } = await t.lesson<S03>("src/index.ts");
      const settings = { permissions: { deny: ["Bash(rm *)"], allow: ["Edit(*.md)"] } };
      const cwd = await t.workspace({ ".claude/settings.json": JSON.stringify(settings), "keep.txt": "keep me\n" });
      const { agent, simulator } = await scriptedAgent(
        lesson,
        [
          "turns:",
          "  - content: [ { type: tool_use, name: bash, input: { command: 'rm keep.txt' } } ]",
          "  - content: [ { type: tool_use, name: write_file, input: { path: notes.md, content: 'hello' } } ]",
          "  - content: [ { type: text, text: 'Done.' } ]",
        ].join("\n"),
        cwd,
      );
      await agent.run("tidy up", new AbortController().signal);
      const [denied] = toolResultsOf(simulator.requests[1]!.body);
      expect(denied, "step 1: bash `rm keep.txt` under the deny rule Bash(rm *) should be an error result naming the rule").toMatchObject({ isError: true, content: expect.stringContaining("Bash(rm *)") });
      expect(existsSync(path.join(cwd, "keep.txt")), "step 1: keep.txt should still exist (the denied command must not run)").toBe(true);
      const [written] = toolResultsOf(simulator.requests[2]!.body);
      expect(written?.isError, "step 2: write_file notes.md, allowed by Edit(*.md), should succeed").toBe(false);
      expect(existsSync(path.join(cwd, "notes.md")), "step 2: notes.md should exist").toBe(true);
    },
  },
]);
