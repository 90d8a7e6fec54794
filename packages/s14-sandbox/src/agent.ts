/**
 * Lesson 14's agent: the previous lesson's parts, with every command they run inside an OS sandbox.
 *
 *   the model calls bash "diff --from-file=.env a"  ──► a reader of the line may miss the read of .env
 *   the harness starts it through bubblewrap        ──► .env cannot be opened in there: nothing leaks
 *   the model calls bash "cp x --target-directory=../outside" ──► "Read-only file system"
 */
import { agentFromMechanisms, type AgentOptions, type Mechanism } from "@learn/core";
import { mechanisms as previous } from "@learn/s13";
import { sandbox } from "./sandbox/index.ts";

export const mechanisms: readonly Mechanism[] = [...previous, sandbox];

export const createAgent = (options: AgentOptions) => agentFromMechanisms(mechanisms, options);
