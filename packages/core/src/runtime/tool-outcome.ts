/**
 * What a tool call came to. Its own file because two rooms speak it: the kernel, which sends
 * `content` to the model, and the screen (app/ui/renderer.ts), which shows `display` or a preview.
 * The screen must not import tool.ts for it: tool.ts imports the agent context, which imports
 * the model, which reports to the screen — an import cycle (test/import-cycles.test.ts).
 */

/** What a tool call produced: the text for the model, and whether it is an error. */
export interface ToolOutcome {
  content: string;
  isError: boolean;
  /**
   * What the screen shows instead of a preview of `content`, when the tool has something
   * better for a person to read (a plan as a checklist, a diff). The model never sees it.
   */
  display?: string;
  /**
   * Images that come with the text (an MCP server's screenshot, s13): the tool_result then
   * carries the text and these as content blocks, as Claude Code sends them. Most tools have none.
   */
  images?: ToolResultImage[];
  /**
   * Deferred tools this call loaded (s13's tool_search): the tool_result carries one
   * `tool_reference` block per name after the text, and the API then shows the model that
   * tool's schema from the request's tools. Most tools have none.
   */
  references?: string[];
}

/** An image block of a tool_result: base64 data and its media type. */
export interface ToolResultImage {
  type: "image";
  source: { type: "base64"; media_type: "image/jpeg" | "image/png" | "image/gif" | "image/webp"; data: string };
}
