export * from "./agent-from.ts";
export * from "./context.ts";
export * from "./parts.ts";
export * from "./prompt-queue.ts";
export * from "./run-until-idle.ts";
export * from "./loop-agent.ts";
export * from "./mechanism.ts";
export * from "./lesson-from.ts";
