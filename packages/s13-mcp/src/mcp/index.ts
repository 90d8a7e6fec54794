export * from "./config.ts";
export * from "./results.ts";
export * from "./server.ts";
export * from "./servers.ts";
export * from "./tools.ts";
export * from "./trust.ts";
export * from "./deferred-tools.ts";
export * from "./tool-search.ts";
