/**
 * The types core promises, checked by the compiler (`pnpm typecheck` runs tsc over tests):
 * defineHook infers its arguments from the event, defineTool its input from the schema,
 * and a lesson can add a field to the agent context by module augmentation.
 */
import { describe, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { defineHook, defineTool, partsWith, type AgentContext, type AgentParts, type ToolCall } from "../src/index.ts";
import type { PostToolBatchResult } from "../src/runtime/kernel/hooks.ts";

declare module "../src/runtime/agent/context.ts" {
  interface AgentContext {
    /** A field a lesson adds (here: a test's). */
    plan?: string[];
  }
}

describe("promised types", () => {
  it("defineHook: the event decides the arguments and the result", () => {
    defineHook("PreToolUse", "typed", async ({ call }, ctx) => {
      expectTypeOf(call).toEqualTypeOf<ToolCall>();
      expectTypeOf(ctx).toEqualTypeOf<AgentContext>();
      return { decision: "deny", reason: "typed" };
    });
    defineHook("PostToolBatch", "typed", async ({ uses }) => {
      expectTypeOf(uses.length).toBeNumber();
      return { append: ["x"], endTurn: true } satisfies PostToolBatchResult;
    });
    // @ts-expect-error a PreModel hook returns messages, not a decision
    defineHook("PreModel", "wrong", async () => ({ decision: "deny" as const }));
  });

  it("defineTool: run gets the parsed input and the agent context", () => {
    defineTool({
      name: "typed",
      description: "",
      input: z.object({ path: z.string(), limit: z.number().optional() }),
      run: (input, ctx) => {
        expectTypeOf(input).toEqualTypeOf<{ path: string; limit?: number | undefined }>();
        expectTypeOf(ctx.cwd).toBeString();
        expectTypeOf(ctx.plan).toEqualTypeOf<string[] | undefined>(); // the augmentation above
        return "";
      },
    });
  });

  it("parts: partsWith fills what is not given", () => {
    expectTypeOf(partsWith({})).toEqualTypeOf<AgentParts>();
    // @ts-expect-error a tool list holds tools
    partsWith({ tools: ["bash"] });
  });
});
