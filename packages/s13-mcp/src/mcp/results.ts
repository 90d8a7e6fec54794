/**
 * An MCP result → what the model reads. MCP content is a list of blocks; a tool_result takes text
 * and images, so:
 *
 *   text                      its text
 *   image (png/jpeg/gif/webp) an image block of the tool_result, beside the text
 *   image of another type     one line saying so (the API takes no other)
 *   resource (embedded)       its text with its URI; a binary one: its URI, type and size
 *   resource_link             its URI and name: the model may ask for it
 *   audio                     one line saying so (a tool_result carries no audio)
 *   structuredContent only    the JSON
 *   isError                   the text, as an error result
 *
 * Secrets are scrubbed and the text capped as every tool's is (core); a large text then goes
 * through s07's persistence before the next request, like any large result.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { capText, type ToolOutcome, type ToolResultImage } from "@learn/core";
import { scrubSecrets } from "@learn/core/harness";

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

export function outcomeOf(result: CallToolResult): ToolOutcome {
  const texts: string[] = [];
  const images: ToolResultImage[] = [];
  for (const block of result.content ?? []) {
    switch (block.type) {
      case "text":
        texts.push(block.text);
        break;
      case "image":
        if (IMAGE_TYPES.has(block.mimeType)) images.push({ type: "image", source: { type: "base64", media_type: block.mimeType as ToolResultImage["source"]["media_type"], data: block.data } });
        else texts.push(`[an image of type ${block.mimeType}, which cannot be shown to you]`);
        break;
      case "audio":
        texts.push(`[audio of type ${block.mimeType}, which cannot be passed to you]`);
        break;
      case "resource": {
        const r = block.resource;
        texts.push("text" in r ? `[resource ${r.uri}]\n${r.text}` : `[resource ${r.uri}: ${r.mimeType ?? "binary"}, ${Math.round((r.blob.length * 3) / 4)} bytes, not shown]`);
        break;
      }
      case "resource_link":
        texts.push(`[resource link ${block.uri}${block.name ? ` (${block.name})` : ""}]`);
        break;
    }
  }
  if (texts.length === 0 && result.structuredContent !== undefined) texts.push(JSON.stringify(result.structuredContent));
  const text = texts.join("\n") || (images.length ? "" : "(the tool returned nothing)");
  return {
    content: capText(scrubSecrets(text)),
    isError: result.isError === true,
    ...(images.length ? { images } : {}),
  };
}
