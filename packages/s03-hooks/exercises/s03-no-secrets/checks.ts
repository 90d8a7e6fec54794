/**
 * s03-no-secrets: the lesson's agent built with the student's mechanism: a prompt with a
 * password never reaches the model, any other prompt does, and the hook is in the anatomy.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent } from "@learn/core/testing";

interface S03 {
  lesson: Lesson;
  PERMISSION_HOOK_NAME: string;
}
const SCRIPT = "turns:\n  - content: [ { type: text, text: 'Hello.' } ]\n";

export default defineChecks([
  {
    name: "a prompt that mentions a password is blocked: the model is never called",
    async run(t) {
      const { lesson } = await t.lesson<S03>("src/index.ts");
      const { agent, simulator, renderer } = await scriptedAgent(lesson, SCRIPT, await t.workspace({ ".keep": "" }));
      await agent.run("my password is hunter2, please store it", new AbortController().signal);
      expect(simulator.requests.length, 'after the prompt "my password is hunter2…": requests sent to the model').toBe(0);
      expect(renderer.ofKind("notice").length, "the person should be told why the prompt was refused (a notice on the screen)").toBeGreaterThan(0);
    },
  },
  {
    name: "any other prompt goes through to the model",
    async run(t) {
      const { lesson } = await t.lesson<S03>("src/index.ts");
      const { agent, simulator } = await scriptedAgent(lesson, SCRIPT, await t.workspace({ ".keep": "" }));
      expect(await agent.run("say hello", new AbortController().signal), 'the answer to "say hello"').toBe("Hello.");
      expect(simulator.requests.length, "requests sent to the model").toBe(1);
    },
  },
  {
    name: "the agent's anatomy lists no-secrets, after the permission hook",
    async run(t) {
      const { lesson, PERMISSION_HOOK_NAME } = await t.lesson<S03>("src/index.ts");
      const { agent } = await scriptedAgent(lesson, SCRIPT, await t.workspace({ ".keep": "" }));
      const hooks = agent.anatomy().hooks;
      expect(hooks, "anatomy().hooks").toContain("no-secrets");
      expect(hooks.indexOf("no-secrets"), "no-secrets should come after the permission hook").toBeGreaterThan(hooks.indexOf(PERMISSION_HOOK_NAME));
    },
  },
]);
