/** Request/response protocols: ids that tie an answer to its question, the plan gate, and their tools. */
export * from "./plan-gate.ts";
export * from "./requests.ts";
export * from "./tools.ts";
