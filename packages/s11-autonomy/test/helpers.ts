/** What the agent-level tests share: running until idle, reading requests as the model read them (`@learn/s09/testing`). */
export * from "@learn/s09/testing";
