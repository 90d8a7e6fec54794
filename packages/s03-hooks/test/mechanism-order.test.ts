/**
 * s03's three mechanisms lean on each other in one order — settings, permissions, command
 * hooks — because the command hooks run inside the permission hook. Built out of that order, an
 * agent refuses to start, saying what is missing, instead of running without the missing part
 * (a PreToolUse guard hook that never runs would be a silent hole).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { agentFromMechanisms, type Mechanism } from "@learn/core";
import { scriptedAgent, tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { mechanisms as previous } from "@learn/s02";
import { mechanisms } from "../src/index.ts";
import { commandHooks } from "../src/command-hooks/index.ts";
import { permissions } from "../src/permissions/index.ts";
import { settings } from "../src/settings/index.ts";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

const SCRIPT = "turns: [ { content: [ { type: text, text: hi } ] } ]";
const built = (list: readonly Mechanism[]) => scriptedAgent({ createAgent: (o) => agentFromMechanisms(list, o) }, SCRIPT, ws.dir);

describe("the order of s03's mechanisms", () => {
  it("is settings, permissions, command hooks", () => {
    expect(mechanisms.slice(previous.length)).toEqual([settings, permissions, commandHooks]);
  });

  it("permissions without the settings before them: the agent is not built, and says why", async () => {
    await expect(built([...previous, permissions, commandHooks])).rejects.toThrow("put the settings mechanism before it");
  });

  it("command hooks without the permission pipeline to run inside: the agent is not built, and says why", async () => {
    await expect(built([...previous, settings, commandHooks])).rejects.toThrow("put the settings and permissions mechanisms before them");
    await expect(built([...previous, settings, commandHooks, permissions])).rejects.toThrow("put the settings and permissions mechanisms before them");
  });
});
