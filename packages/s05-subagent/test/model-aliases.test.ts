/**
 * `model:` in an agent file, through the real agent: the exact model id each child's requests
 * name, as Claude Code 2.1.328 resolves it (measured against the binary): inherit and no model
 * keep the parent's; an alias (any case) is ANTHROPIC_DEFAULT_<ALIAS>_MODEL (the lesson's
 * `--<alias>-model` flag) when set, else Claude Code's own id on Anthropic's API and offline;
 * on another provider with no variable set, the parent's model and a notice naming the variable.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createClient, LEAD_AGENT, Model } from "@learn/core";
import { loadConfig } from "@learn/core/harness";
import { Simulator, type Script } from "@learn/core/simulator";
import { RecordingRenderer, scriptedAgent, serveSimulator, tempWorkspace, type Endpoint, type TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { agentFile, never, taskCall, text } from "./helpers.ts";

let ws: TempWorkspace;
let endpoint: Endpoint | undefined;
afterEach(async () => {
  await ws.cleanup();
  await endpoint?.close();
  endpoint = undefined;
});

/** One read-only agent type per `model:` value (any number run at once), named after it. */
const WRITTEN = { haiku: "haiku", sonnet: "Sonnet", opus: "opus", fable: "fable", inherit: "inherit", none: undefined, id: "claude-test-model-1" } as const;
const files = () =>
  Object.fromEntries(
    Object.entries(WRITTEN).map(([name, model]) => [`.claude/agents/${name}.md`, agentFile(`m-${name}`, { tools: "Read", ...(model ? { model } : {}) })]),
  );

/** The lead starts one child of each type, then answers "Done."; each child answers once. */
const script = (): Script => ({
  turns: [
    { content: Object.keys(WRITTEN).map((name) => taskCall("Report.", `m-${name}`)) },
    ...Object.keys(WRITTEN).map((name) => ({ agent: `m-${name}-1`, content: [text(`${name} reported`)] })),
    { content: [text("Done.")] },
  ],
});

/** The model each agent's requests named, by agent. */
const modelsSent = (requests: { agent: string; body: unknown }[]) =>
  Object.fromEntries(requests.map((r) => [r.agent, (r.body as { model: string }).model]));

describe("model aliases in agent files", () => {
  it("offline, no variable set: Claude Code's own ids for the aliases (any case), the parent's for inherit and none, an id as written", async () => {
    ws = await tempWorkspace(files());
    const { agent, simulator } = await scriptedAgent(lesson, script(), ws.dir);
    expect(await agent.run("go", never())).toBe("Done.");
    expect(modelsSent(simulator.requests)).toEqual({
      lead: "offline-simulator",
      "m-haiku-1": "claude-haiku-5-5",
      "m-sonnet-1": "claude-sonnet-5-5",
      "m-opus-1": "claude-opus-5-5",
      "m-fable-1": "claude-fable-5-2",
      "m-inherit-1": "offline-simulator",
      "m-none-1": "offline-simulator",
      "m-id-1": "claude-test-model-1",
    });
  });

  it("ANTHROPIC_DEFAULT_<ALIAS>_MODEL (the --<alias>-model flag) names the alias's id; an id and inherit are untouched", async () => {
    ws = await tempWorkspace(files());
    const flags = { "haiku-model": "my-haiku", "sonnet-model": "my-sonnet", "opus-model": "my-opus", "fable-model": "my-fable" };
    const { agent, simulator } = await scriptedAgent(lesson, script(), ws.dir, { flags });
    await agent.run("go", never());
    expect(modelsSent(simulator.requests)).toMatchObject({
      "m-haiku-1": "my-haiku",
      "m-sonnet-1": "my-sonnet",
      "m-opus-1": "my-opus",
      "m-fable-1": "my-fable",
      "m-inherit-1": "offline-simulator",
      "m-id-1": "claude-test-model-1",
    });
  });

  it("the lesson offers one flag per alias, each set by Claude Code's variable", () => {
    expect(lesson.flags?.filter((f) => f.name.endsWith("-model")).map((f) => [f.name, f.env])).toEqual([
      ["haiku-model", "ANTHROPIC_DEFAULT_HAIKU_MODEL"],
      ["sonnet-model", "ANTHROPIC_DEFAULT_SONNET_MODEL"],
      ["opus-model", "ANTHROPIC_DEFAULT_OPUS_MODEL"],
      ["fable-model", "ANTHROPIC_DEFAULT_FABLE_MODEL"],
    ]);
  });

  it("another provider (ANTHROPIC_BASE_URL elsewhere), no variable: an alias keeps the parent's model and a notice names the variable", async () => {
    ws = await tempWorkspace({
      ".claude/agents/fast.md": agentFile("fast", { tools: "Read", model: "haiku" }),
      ".claude/agents/big.md": agentFile("big", { tools: "Read", model: "opus" }),
    });
    const simulator = new Simulator({
      turns: [
        { content: [taskCall("Report.", "fast"), taskCall("Report.", "big")] },
        { agent: "fast-1", content: [text("fast reported")] },
        { agent: "big-1", content: [text("big reported")] },
        { content: [text("Done.")] },
      ],
    });
    endpoint = await serveSimulator(simulator);
    const config = loadConfig({ ANTHROPIC_AUTH_TOKEN: "test-token", ANTHROPIC_BASE_URL: endpoint.url, MODEL_ID: "provider-model" }, { envFile: false });
    const renderer = new RecordingRenderer();
    const model = new Model({ client: createClient(config), model: config.model, maxTokens: config.maxTokens, agent: LEAD_AGENT, renderer });
    const agent = await lesson.createAgent({ model, cwd: ws.dir, renderer, interactive: false, ask: async () => "n", flags: { "opus-model": "provider-big" } });
    expect(await agent.run("go", never())).toBe("Done.");
    const sent = endpoint.bodies.map((b) => (JSON.parse(b) as { model: string }).model);
    expect(sent.sort()).toEqual(["provider-big", "provider-model", "provider-model", "provider-model"]);
    expect(simulator.requests.map((r) => [r.agent, (r.body as { model: string }).model]).filter(([a]) => a !== LEAD_AGENT).sort()).toEqual([
      ["big-1", "provider-big"],
      ["fast-1", "provider-model"],
    ]);
    expect(renderer.ofKind("notice").map((n) => n.text)).toContain(
      ".claude/agents/fast.md: model: haiku runs on the parent's model: set ANTHROPIC_DEFAULT_HAIKU_MODEL to the id this provider gives it.",
    );
  });
});
