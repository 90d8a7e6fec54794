/** Building agents from a flat list of mechanisms: which ones each role gets, in which order, what they share. */
import os from "node:os";
import { describe, expect, it } from "vitest";
import { mechanismsFor, type Role } from "../src/runtime/agent/mechanism.ts";
import { partsFrom, sessionKey, type AgentOptions, type Mechanism } from "../src/index.ts";
import { runCommand, silentRenderer } from "../src/harness.ts";
import { currentProcessWrapper } from "../src/platform/process-wrapper.ts";
import { scriptedModel } from "../src/testing/index.ts";

/** A mechanism that adds a prompt section named after itself: the sections show the order. */
const named = (name: string, forRoles?: Role[], extra: Partial<Mechanism> = {}): Mechanism => ({
  name,
  ...(forRoles ? { for: forRoles } : {}),
  add: (parts) => ({ ...parts, sections: [...parts.sections, { name, text: name }] }),
  ...extra,
});

function options(): AgentOptions {
  const { model } = scriptedModel("turns: [ { content: [ { type: text, text: hi } ] } ]", { renderer: silentRenderer });
  return { model, cwd: "/nowhere", renderer: silentRenderer, interactive: false, ask: async () => "n", flags: {} };
}

const sectionsOf = async (list: Mechanism[], role?: Role) => (await partsFrom(list, options(), role)).sections.map((s) => s.name);

describe("the order an agent's mechanisms are added in", () => {
  const list = [named("loop"), named("task", ["lead"]), named("plan"), named("inbox", ["teammate"]), named("jobs", ["lead"]), named("follow", ["subagent", "teammate"])];

  it("every agent: the mechanisms for all agents in list order, then its role's own in list order", async () => {
    expect(await sectionsOf(list)).toEqual(["loop", "plan", "task", "jobs"]);
    expect(await sectionsOf(list, "subagent")).toEqual(["loop", "plan", "follow"]);
    expect(await sectionsOf(list, "teammate")).toEqual(["loop", "plan", "inbox", "follow"]);
    expect(mechanismsFor(list, "lead").map((m) => m.name)).toEqual(["loop", "plan", "task", "jobs"]);
  });
});

const COUNTER = sessionKey<{ id: number }>("counter");

describe("building a child from the same list", () => {
  it("a session key is the value, not its name: two mechanisms that pick one name keep two states", async () => {
    const [mine, theirs] = [sessionKey<string[]>("notes"), sessionKey<string[]>("notes")];
    const seen: string[][] = [];
    const noting = (key: typeof mine, note: string): Mechanism => ({
      name: note,
      async add(parts, ctx) {
        seen.push(ctx.shared(key, () => [] as string[]));
        ctx.shared(key, () => []).push(note);
        return parts;
      },
    });
    await partsFrom([noting(mine, "a"), noting(theirs, "b")], options());
    expect(seen).toEqual([["a"], ["b"]]);
  });

  it("partsFor builds another role's parts; shared state is made once per session and reaches the child", async () => {
    let made = 0;
    const seen: number[] = [];
    const counter: Mechanism = {
      name: "counter",
      async add(parts, ctx) {
        const shared = ctx.shared(COUNTER, () => ({ id: ++made }));
        seen.push(shared.id);
        if (ctx.role === "lead") {
          const child = await ctx.partsFor("subagent", ctx.options);
          return { ...parts, sections: [...parts.sections, { name: `child has ${child.sections.length}`, text: "" }] };
        }
        return { ...parts, sections: [...parts.sections, { name: "child", text: "" }] };
      },
    };
    expect(await sectionsOf([counter])).toEqual(["child has 1"]);
    expect(seen).toEqual([1, 1]); // the lead and its child share one value
    await sectionsOf([counter]);
    expect(seen).toEqual([1, 1, 2, 2]); // a new session makes its own
  });
});

describe("grants", () => {
  it("are gathered from the mechanisms this agent gets, for whichever mechanism enforces them", async () => {
    const gathered: string[][] = [];
    const enforcer: Mechanism = {
      name: "enforcer",
      add: (parts, ctx) => {
        gathered.push(ctx.grants.map((g) => `${g.rules.join(",")} from ${g.source}`));
        return parts;
      },
    };
    const list = [
      enforcer,
      named("board", undefined, { grants: [{ rules: ["task_create"], source: "the board" }] }),
      named("cron", ["lead"], { grants: [{ rules: ["cron_create", "cron_delete"], source: "cron" }] }),
    ];
    await partsFrom(list, options());
    await partsFrom(list, options(), "subagent");
    expect(gathered).toEqual([["task_create from the board", "cron_create,cron_delete from cron"], ["task_create from the board"]]);
  });
});

describe("wrapsSetup: the processes mechanisms start while they build", () => {
  /** A mechanism that starts one program while it builds, and keeps what it printed as a section. */
  const starter = (name: string): Mechanism => ({
    name,
    async add(parts) {
      const run = await runCommand('echo "[$WRAPPED]"', { cwd: os.tmpdir(), timeoutMs: 30_000 });
      return { ...parts, sections: [...parts.sections, { name, text: run.output.trim() }] };
    },
  });
  /** A mechanism later in the list whose wrapper marks each process with WRAPPED=<its mark> and notes the sections built so far. */
  const wrapping = (mark: string, seen: string[][] = []): Mechanism => ({
    ...named(`wrap-${mark}`),
    wrapsSetup: (_ctx, partsSoFar) => ({
      name: mark,
      wrap(launch) {
        seen.push(partsSoFar().sections.map((s) => s.name));
        return { ...launch, file: "env", args: [`WRAPPED=${mark}`, launch.file, ...launch.args] };
      },
    }),
  });
  const textsOf = async (list: Mechanism[]) => (await partsFrom(list, options())).sections.map((s) => s.text);

  it("wraps what an earlier mechanism starts in its add(), and reads the parts as they are when it starts", async () => {
    const seen: string[][] = [];
    expect(await textsOf([named("before"), starter("mcp"), wrapping("sandbox", seen)])).toEqual(["before", "[sandbox]", "wrap-sandbox"]);
    expect(seen).toEqual([["before"]]);
  });

  it("wraps nothing when no mechanism declares one (and no wrapper leaks out of the build)", async () => {
    expect(await textsOf([starter("mcp"), named("other")])).toEqual(["[]", "other"]);
    await partsFrom([starter("mcp"), wrapping("sandbox")], options());
    expect(currentProcessWrapper()).toBeUndefined();
  });

  it("composes two, in list order: the later one wraps the earlier one's launch", async () => {
    const texts = await textsOf([starter("mcp"), wrapping("first"), wrapping("second")]);
    expect(texts[0]).toBe("[first]"); // env WRAPPED=second env WRAPPED=first bash …: the inner one is what bash sees
  });
});
