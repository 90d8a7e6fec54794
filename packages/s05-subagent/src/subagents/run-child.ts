/**
 * One subagent, from start to summary. The child is the previous lesson's agent, built by the
 * same parts function with options of its own:
 *
 *   its own name      explore-1: on its requests (the simulator's script queue), in the trace
 *   its own screen    indented under the parent's task call (renderer.child)
 *   its own state     fresh hooks, fresh messages: it sees only the prompt it was given
 *   the same policy   s03's permission hook reads the same settings.json; a question names it
 *   a budget          at most 30 model calls (or its type's maxTurns)
 *   a mode            the parent's permission mode, or its type's (@learn/claude-code-files: agents/permission-mode.ts)
 *   fewer tools       its type's, and never `task` (the previous parts have none: no recursion)
 *
 * Only the final text comes back, framed as another model's words (hand-back.ts). Everything
 * else the child read stays in the child, which is the point: the parent's context grows by a
 * summary, not by every file the child opened.
 */
import {
  agentFrom,
  defineHook,
  describeError,
  isAbort,
  ToolError,
  type AgentContext,
  type AgentOptions,
  type Hook,
  type PartsOf,
  type ModelWrapper,
} from "@learn/core";
import type { PermissionMode } from "@learn/claude-code-files";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import type { AgentType } from "./agent-types/load.ts";
import { childSections } from "./prompt.ts";
import { handBack } from "./hand-back.ts";
import { readOnlyBash } from "./read-only-bash.ts";

/** How many model calls one child may make before it is stopped. */
export const SUBAGENT_MAX_ROUNDS = 30;

export type { PartsOf } from "@learn/core";

export interface ChildTask {
  type: AgentType;
  /** The child's agent name: `explore-1`. */
  name: string;
  /** The permission mode it runs in, when not the parent's (its type's permissionMode). */
  mode?: PermissionMode;
  /** The parent's short description, shown on screen. */
  description: string;
  prompt: string;
}

/**
 * Run one child to its final answer, handed back framed as model output (hand-back.ts); throws
 * a ToolError the parent's model can read when it fails.
 */
export async function runChild(task: ChildTask, parent: AgentOptions, partsOf: PartsOf, ctx: AgentContext): Promise<string> {
  const options = childOptions(task, parent, ctx);
  const watch = answerWatch();
  const base = await partsOf(options);
  const child = agentFrom(
    {
      ...base,
      tools: base.tools.filter((t) => task.type.tools.includes(t.name)).map((t) => (task.type.readOnly && t.name === "bash" ? readOnlyBash(t, base.permissions) : t)),
      hooks: [...base.hooks, ...watch.hooks],
      wrappers: task.type.model ? [pinModel(task.type.model), ...base.wrappers] : base.wrappers,
      sections: childSections(base.sections, task.type),
    },
    options,
  );
  let answer: string;
  try {
    answer = await child.run(task.prompt, ctx.signal);
  } catch (err) {
    if (isAbort(err, ctx.signal)) throw err;
    throw new ToolError(`subagent ${task.name} failed: ${describeError(err)}. Nothing it found reached you: retry, or do the task another way.`);
  } finally {
    await child.close?.();
  }
  if (!watch.answered()) throw new ToolError(noAnswer(task.name, watch.calls(), budgetOf(task.type)));
  return handBack(task.name, answer);
}

/** Its type's maxTurns (Claude Code's "turns" are model calls), else the lesson's budget. */
const budgetOf = (type: AgentType) => type.maxTurns ?? SUBAGENT_MAX_ROUNDS;

function noAnswer(name: string, calls: number, budget: number): string {
  if (calls === 0) return `subagent ${name} never started: a UserPromptSubmit hook blocked its prompt.`;
  const why = calls >= budget ? `used its whole budget of ${budget} model calls` : `stopped after ${calls} model calls`;
  return `subagent ${name} ${why} without a final answer, so nothing it found reached you. Give it a narrower task, or do it yourself.`;
}

/** The parent's options, made the child's own. */
function childOptions(task: ChildTask, parent: AgentOptions, ctx: AgentContext): AgentOptions {
  // Indented under the parent's call, and every line named: children running at once stay apart.
  const renderer = ctx.renderer.child(`${task.name} · ${task.description}`).teammate(task.name);
  return {
    ...parent, // interactive, flags (--permission-mode holds for children too, unless its type sets one)
    ...(task.mode ? { flags: { ...parent.flags, [PERMISSION_MODE_FLAG]: task.mode } } : {}),
    cwd: ctx.cwd, // where the parent is now
    renderer,
    model: parent.model.forAgent(task.name, renderer),
    // A question from a child must say which agent asks: several may be working.
    ask: (question, signal) => parent.ask(`[subagent ${task.name}] ${question}`, signal),
    maxRounds: budgetOf(task.type),
  };
}

/** Every request of the child names this model (outermost wrapper: inner ones may still change it). */
function pinModel(model: string): ModelWrapper {
  return (next) => (request, ctx) => next({ ...request, model }, ctx);
}

/**
 * Did the child end with a final answer, or did its round budget stop it? A Stop hook runs
 * only when a response asks for no tool; every model call before it resets the flag.
 */
function answerWatch(): { hooks: Hook[]; answered(): boolean; calls(): number } {
  let answered = false;
  let calls = 0;
  return {
    hooks: [
      defineHook("PreModel", "subagent answer watch", async () => {
        answered = false;
        calls++;
      }),
      defineHook("Stop", "subagent answer watch", async () => {
        answered = true;
      }),
    ],
    answered: () => answered,
    calls: () => calls,
  };
}
