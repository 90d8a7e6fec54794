/**
 * Lesson 3's agent: s02's tools on the kernel, with policy hung on the kernel's hooks
 * instead of written into the loop.
 *
 *                          .claude/settings.json
 *                           │ permissions      │ hooks
 *                           ▼                  ▼
 *   prompt ─► Kernel ─► PreToolUse: [permissions] ─► [command hooks] ─► tool ─► PostToolUse
 *                           │ deny → an error result the model reads; the tool never runs
 *                           │ ask  → the person (y / n / a), or a denial when there is none
 *                           └ Read(...) deny rules also hide files from searches (read guard)
 */
import { Kernel, type Agent, type AgentOptions } from "@learn/core";
import { joinSections } from "@learn/s01";
import { tools } from "@learn/s02";
import { withReadGuard } from "./permissions/read-guard.ts";
import { createPolicyHooks } from "./policy-hooks.ts";
import { promptSections } from "./prompt.ts";

export async function createAgent(options: AgentOptions): Promise<Agent> {
  const { model, cwd, renderer } = options;
  const policy = await createPolicyHooks(options);
  const hooks = [
    policy.permissions, // FIRST: no tool runs, and no other hook sees a call, without the policy's yes
    ...policy.commandHooks,
  ];
  const sections = promptSections(cwd, policy.mode);
  const guarded = withReadGuard(tools, policy.readable);
  const kernel = new Kernel({ model, system: joinSections(sections), tools: guarded, hooks, cwd, renderer });

  return {
    anatomy: () => ({
      tools: tools.map((t) => t.name),
      hooks: hooks.map((h) => h.name),
      promptSections: sections.map((s) => s.name),
      commands: policy.commands.map((c) => c.name),
    }),
    run: (prompt, signal) => kernel.run(prompt, signal),
    clear() {
      kernel.messages.length = 0;
    },
    commands: policy.commands,
  };
}
