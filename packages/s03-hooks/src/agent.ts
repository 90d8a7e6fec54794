/**
 * Lesson 3's agent: s02's mechanisms on the kernel, with policy hung on the kernel's hooks
 * instead of written into the loop.
 *
 *                          .claude/settings.json
 *                           │ permissions      │ hooks
 *                           ▼                  ▼
 *   prompt ─► Kernel ─► PreToolUse: [permissions: command hooks, then the rules] ─► tool ─► PostToolUse
 *                           │ deny → an error result the model reads; the tool never runs
 *                           │ ask  → the person (y / n / a), or a denial when there is none
 *                           │ a hook's allow replaces the mode's question; deny and ask rules still win
 *                           └ Read(...) deny rules also hide files from searches (read guard)
 *
 * The kernel itself lives in @learn/core (packages/core/src/runtime/kernel/): from here on, every
 * lesson is its mechanism added to the previous lesson's list, and core builds the agent.
 */
import { agentFromMechanisms, type AgentOptions, type Mechanism } from "@learn/core";
import { mechanisms as previous } from "@learn/s02";
import { settings } from "./settings/index.ts";
import { permissions } from "./permissions/index.ts";
import { commandHooks } from "./command-hooks/index.ts";

export const mechanisms: readonly Mechanism[] = [...previous, settings, permissions, commandHooks];

export const createAgent = (options: AgentOptions) => agentFromMechanisms(mechanisms, options);
