/**
 * Grants: allow rules the harness adds at run time. They approve at the allow-rules step —
 * what the mode would ask — and everything before that step still wins over them.
 */
import { describe, expect, it } from "vitest";
import { RecordingRenderer, scriptedModel, useTempWorkspace } from "@learn/core/testing";
import { partsFrom, type Mechanism } from "@learn/core";
import { decide, Grants, mechanisms, type PermissionMode, type RuleList } from "../src/index.ts";
import { RuleSyntaxError } from "@learn/claude-code-files";
import { bash, callOf, policyOf, WORKSPACE } from "./helpers.ts";

const SOURCE = "/commit's allowed-tools";

function decideWith(command: string, granted: string[], rules: Partial<Record<RuleList, string[]>> = {}, mode: PermissionMode = "default") {
  const grants = new Grants();
  grants.add(granted, SOURCE);
  return decide(bash(command), policyOf(rules, mode), WORKSPACE, grants.list());
}

describe("grants", () => {
  it("allow what the mode would ask, and the reason names where the rule came from", () => {
    expect(decide(bash("npm test"), policyOf({}), WORKSPACE).behavior).toBe("ask");
    const d = decideWith("npm test --short", ["Bash(npm test:*)"]);
    expect(d).toEqual({ behavior: "allow", step: "allow rule", reason: `allowed by Bash(npm test:*) from ${SOURCE}` });
  });

  it("combine with settings.json's allow rules, one part each", () => {
    const d = decideWith("npm run build && npm test", ["Bash(npm run:*)"], { allow: ["Bash(npm test)"] });
    expect(d.behavior).toBe("allow");
    expect(d.reason).toBe(`allowed by Bash(npm run:*) from ${SOURCE}, Bash(npm test)`);
  });

  it("wait while settings.json has problems, as its own allow rules do: the mode decides (it asks)", () => {
    const grants = new Grants();
    grants.add(["Bash(npm test:*)"], SOURCE);
    const degraded = { ...policyOf({}), degraded: true };
    expect(decide(bash("npm test"), degraded, WORKSPACE, grants.list())).toMatchObject({ behavior: "ask", step: "mode" });
  });

  it.each<[string, string, Partial<Record<RuleList, string[]>>, PermissionMode, string]>([
    ["a deny rule", "git push origin main", { deny: ["Bash(git push *)"] }, "default", "deny rule"],
    ["the refuse-list", "rm -rf /", {}, "default", "refuse-list"],
    ["plan mode", "touch notes.md", {}, "plan", "plan mode"],
    ["an ask rule", "git push origin main", { ask: ["Bash(git push *)"] }, "default", "ask rule"],
  ])("lose to %s", (_, command, rules, mode, step) => {
    const d = decideWith(command, ["Bash(*)"], rules, mode);
    expect(d.step).toBe(step);
    expect(d.behavior).not.toBe("allow");
  });

  it("are taken back by revoke, and only those of that add", () => {
    const grants = new Grants();
    const revokeStatus = grants.add(["Bash(npm test:*)"], SOURCE);
    grants.add(["write_file"], "the memory tool");
    revokeStatus();
    revokeStatus(); // twice is harmless
    expect(grants.list().map((g) => `${g.rule.text} ← ${g.source}`)).toEqual(["write_file ← the memory tool"]);
    expect(decide(bash("npm test"), policyOf({}), WORKSPACE, grants.list()).behavior).toBe("ask");
    const write = decide(callOf("write_file", { path: "notes.md", content: "x" }), policyOf({}), WORKSPACE, grants.list());
    expect(write.reason).toBe("allowed by write_file from the memory tool");
  });

  it("refuse a rule that does not parse, naming it and its source, and add none of the list", () => {
    const grants = new Grants();
    expect(() => grants.add(["Read", "Bash(npm test"], SOURCE)).toThrow(RuleSyntaxError);
    expect(() => grants.add(["Bash(npm test"], SOURCE)).toThrow(`"Bash(npm test" from ${SOURCE} is not a permission rule: it is missing the closing ")"`);
    expect(grants.list()).toEqual([]);
  });
});

describe("the permissions mechanism: parts.permissions", () => {
  const ws = useTempWorkspace({ "README.md": "hi\n" });

  it("judges as the permission hook does, grants included; later lessons get it through the parts", async () => {
    const renderer = new RecordingRenderer();
    const { model } = scriptedModel("turns: [ { content: [ { type: text, text: hi } ] } ]");
    const p = await partsFrom(mechanisms, { model, cwd: ws.dir, renderer, interactive: false, ask: async () => "n", flags: {} });
    const access = p.permissions!;
    const ctx = { cwd: ws.dir };
    const before = await access.judge(bash("npm test"), ctx);
    expect(before.behavior).toBe("deny");
    expect(before.reason).toContain("there is no one to ask");
    const revoke = access.grants.add(["Bash(npm test:*)"], SOURCE);
    expect(await access.judge(bash("npm test"), ctx)).toMatchObject({ behavior: "allow", reason: `allowed by Bash(npm test:*) from ${SOURCE}` });
    revoke();
    expect((await access.judge(bash("npm test"), ctx)).behavior).toBe("deny");
    expect(access.policy.mode).toBe("default");
  });

  it("puts in force the grants a later mechanism declares, with its source; a subagent gets only those of its own mechanisms", async () => {
    const renderer = new RecordingRenderer();
    const { model } = scriptedModel("turns: [ { content: [ { type: text, text: hi } ] } ]");
    const options = { model, cwd: ws.dir, renderer, interactive: false, ask: async () => "n", flags: {} };
    const leadOnly: Mechanism = { name: "notes", for: ["lead"], grants: [{ rules: ["Bash(npm test:*)"], source: SOURCE }], add: (parts) => parts };
    const lead = (await partsFrom([...mechanisms, leadOnly], options)).permissions!;
    expect(await lead.judge(bash("npm test"), { cwd: ws.dir })).toMatchObject({ behavior: "allow", reason: `allowed by Bash(npm test:*) from ${SOURCE}` });
    const child = (await partsFrom([...mechanisms, leadOnly], options, "subagent")).permissions!;
    expect((await child.judge(bash("npm test"), { cwd: ws.dir })).behavior).toBe("deny");
  });
});
