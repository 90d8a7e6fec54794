/**
 * s13-results: the lesson's agent with the student's results.ts calls the fixture server's
 * tools; the checks read the tool_result blocks the next request carried.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import { mcpSession } from "../check-helpers/session.ts";

export default defineChecks([
  {
    name: "text, an image and a resource: one text block, then the image block",
    async run(t) {
      const { raw } = await mcpSession(t, {}, [["mcp__faulty__picture", {}]]);
      const result = (raw[0] as { content: unknown }[])[0]!.content;
      expect(result, "mcp__faulty__picture returns text, a PNG and a text resource: the tool_result should hold a text block and an image block").toEqual([
        { type: "text", text: "a red dot\n[resource file:///notes.txt]\na note" },
        { type: "image", source: { type: "base64", media_type: "image/png", data: expect.stringMatching(/^iVBOR/) } },
      ]);
    },
  },
  {
    name: "isError stays an error, with the server's words",
    async run(t) {
      const { results } = await mcpSession(t, {}, [["mcp__faulty__fail", {}], ["mcp__faulty__peek", {}]]);
      expect(results[0], "mcp__faulty__fail answers isError with 'the database is locked'").toMatchObject({ content: "the database is locked", isError: true });
      expect(results[1], "mcp__faulty__peek answers 'peeked', no error").toMatchObject({ content: "peeked", isError: false });
    },
  },
  {
    name: "a huge text is capped before it reaches the model",
    async run(t) {
      const { results } = await mcpSession(t, {}, [["mcp__faulty__huge", {}]]);
      expect(results[0]!.content, "200,000 characters should be capped (then s07 moves the rest to a file)").toMatch(/<persisted-output path="[^"]+" chars="(\d{5})"/);
    },
  },
]);
