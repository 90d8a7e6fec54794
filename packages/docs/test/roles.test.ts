/**
 * "What changed" speaks of every agent a lesson builds, asked of the real build: a teammate's
 * own tools (s11), a subagent's and a teammate's follow-tasks hook (s12), a tool changed in
 * place under the same name (s09's task, s11's spawn_teammate), and the `replaces` each
 * mechanism declares — checked both ways, so a silent change or an idle declaration fails.
 */
import { describe, expect, it } from "vitest";
import type { Mechanism } from "@learn/core";
import { repoRoot } from "@learn/core/harness";
import { discoverLessons, type LessonPackage } from "../src/discover.ts";
import { EN, ZH } from "../src/labels.ts";
import type { LessonFacts } from "../src/lesson-facts.ts";
import { mechanismProblems } from "../src/replaces-check.ts";
import { changesTable, renderMechanisms, renderOtherAgents } from "../src/role-changes.ts";
import { compareParts, rolesFacts, rolesOf, type RoleParts } from "../src/roles.ts";

const { lessons } = await discoverLessons(repoRoot());
const lesson = (id: string): LessonPackage => lessons.find((l) => l.lesson.id === id)!;
/** The facts "What changed" needs of a lesson, without running its demo. */
const factsOf = async (id: string) => ({ pkg: lesson(id), roles: await rolesFacts(lesson(id).mechanisms) }) as unknown as LessonFacts;
const change = (facts: LessonFacts, mechanism: string, role: "lead" | "subagent" | "teammate", kind: "tools" | "hooks") =>
  facts.roles.mechanisms.find((m) => m.name === mechanism)!.gives[role]!.find((c) => c.kind === kind)!;

/** A tool "t" as compareParts sees it: its spec, name + description + input schema. */
const tool = (description: string, properties: Record<string, unknown>) => ({
  name: "t",
  is: JSON.stringify({ name: "t", description, input_schema: { type: "object", properties } }),
});
const parts = (tools: ReturnType<typeof tool>[]): RoleParts => ({ tools, hooks: [], promptSections: [], commands: [] });

describe("compareParts", () => {
  it("tells a tool changed in place (another description or input schema) from one added or removed", () => {
    const before = parts([tool("Run it.", { a: { type: "string" } })]);
    expect(compareParts(before, parts([tool("Run it.", { a: { type: "string" } })]))[0]).toMatchObject({ added: [], changed: [], removed: [] });
    const wider = parts([tool("Run it.", { a: { type: "string" }, run_in_background: { type: "boolean" } })]);
    expect(compareParts(before, wider)[0]).toMatchObject({ added: [], changed: ["t"], removed: [] });
    expect(compareParts(before, parts([tool("Run it now.", { a: { type: "string" } })]))[0]!.changed).toEqual(["t"]);
    expect(compareParts(before, parts([]))[0]).toMatchObject({ added: [], changed: [], removed: ["t"] });
    expect(compareParts(undefined, before)[0]).toMatchObject({ added: ["t"], changed: [], removed: [] });
  });
});

describe("changesTable", () => {
  it("says when a part changed in place by no mechanism of this lesson (an earlier one's, made from what is new)", () => {
    const changes = [{ kind: "tools" as const, added: ["load_skill"], changed: ["task", "bash"], removed: [], now: ["bash", "task", "load_skill"] }];
    expect(changesTable(changes, EN, EN.now, new Set(["bash"])).split("\n")[2]).toBe(
      "| tools | `load_skill` | `task` (an earlier mechanism's, made from what this lesson adds), `bash` | — | 3 |",
    );
  });
});

describe("rolesOf", () => {
  it("is the lead, then the agents the list's mechanisms start", () => {
    const m = (starts?: Mechanism["starts"]): Mechanism => ({ name: "m", ...(starts ? { starts } : {}), add: (p) => p });
    expect(rolesOf([m()])).toEqual(["lead"]);
    expect(rolesOf([m(["teammate"]), m(["subagent"])])).toEqual(["lead", "subagent", "teammate"]);
  });
});

describe("every agent, from the real build", () => {
  it("s11: the teammate's own tools, and spawn_teammate changed in place for the lead", async () => {
    const s11 = await factsOf("s11");
    expect(s11.roles.roles).toEqual(["lead", "subagent", "teammate"]);
    expect(change(s11, "autonomy (teammate)", "teammate", "tools").added).toEqual(["claim_task", "idle", "submit_plan", "shutdown_response"]);
    expect(change(s11, "autonomy (lead)", "lead", "tools")).toMatchObject({ added: ["shutdown_request", "plan_approval"], changed: ["spawn_teammate"] });
    // The teammate's tools are its own: the lead has none of them.
    const lead = s11.roles.parts.lead!.tools.map((t) => t.name);
    expect(lead).not.toContain("claim_task");

    const s10 = await factsOf("s10");
    const table = renderMechanisms(s11, s10, EN);
    expect(table).toContain("| `autonomy (teammate)` | teammate | tools `claim_task`, `idle`, `submit_plan`, `shutdown_response`");
    expect(table).toContain("| tools `spawn_teammate` |");
    const others = renderOtherAgents(s11, s10, EN);
    expect(others[0]).toBe("A subagent: the same as in s10 (14 tools).");
    expect(others[1]).toMatch(/^A teammate, compared with s10's:\n\n.*\n.*\n\| tools \| `claim_task`, `idle`, `submit_plan`, `shutdown_response` \| — \| — \| 20 \|/);
    expect(renderOtherAgents(s11, s10, ZH)[0]).toBe("子智能体：与 s10 中的相同（14 个工具）。");
  });

  it("s12: follow tasks gives every child, and only the children, its hook, its note and its place", async () => {
    const s12 = await factsOf("s12");
    const follow = s12.roles.mechanisms.find((m) => m.name === "follow tasks")!;
    expect(Object.keys(follow.gives).sort()).toEqual(["subagent", "teammate"]);
    expect(change(s12, "follow tasks", "teammate", "hooks").added).toEqual(["worktree-place"]);
    expect(renderMechanisms(s12, await factsOf("s11"), EN)).toContain("| `follow tasks` | subagent, teammate | hooks `worktree-place` · also a note kept through compaction, where the agent works | — |");
  });

  it("s06: each mechanism that hands the prompt cache a live section is shown giving it; the cache adds its own", async () => {
    const facts = await factsOf("s06");
    const sections = (mechanism: string) => facts.roles.mechanisms.find((m) => m.name === mechanism)!.gives.lead!.find((c) => c.kind === "promptSections")!.added;
    expect(["skills", "memory", "CLAUDE.md", "prompt cache"].map(sections)).toEqual([["skills"], ["memory"], ["CLAUDE.md"], ["environment"]]);
  });

  it("s09: task gains run_in_background, declared, and the check is content", async () => {
    const s09 = await factsOf("s09");
    expect(change(s09, "background subagents", "lead", "tools").changed).toEqual(["task"]);
    expect(s09.roles.parts.lead!.tools.find((t) => t.name === "task")!.is).toContain("run_in_background");
    const background = s09.roles.mechanisms.find((m) => m.name === "background subagents")!;
    expect(mechanismProblems(background, "packages/s09-background")).toEqual([]);
    // Without its declaration, the change is a problem; a declaration nothing changes is one too.
    expect(mechanismProblems({ ...background, replaces: {} }, "packages/s09-background")).toEqual([
      'packages/s09-background: the mechanism "background subagents" changes the tool "task" in place or takes it away without saying so: add replaces: { tools: ["task"] } to it, and the docs show it',
    ]);
    expect(mechanismProblems({ ...background, replaces: { tools: ["task", "bash"] } }, "p")).toEqual([
      'p: the mechanism "background subagents" declares it replaces the tool "bash", but no agent\'s tool of that name changes: drop it from replaces',
    ]);
  });
});
