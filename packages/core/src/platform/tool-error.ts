/**
 * The error for an expected failure: the model gets the message, no stack (tool.ts's
 * errorText shows it as "Error: …"). In a file of its own, with no imports, so that code
 * below the tools — a state file refusing a change (state/locked-json-file.ts) — can throw it
 * without loading the tool runtime and the SDK behind it.
 */
export class ToolError extends Error {
  override name = "ToolError";
}
