/**
 * The test renderer: each child and teammate records on its own, and the family's shared log
 * says who said what.
 */
import { describe, expect, it } from "vitest";
import { RecordingRenderer } from "../src/testing/index.ts";

describe("RecordingRenderer", () => {
  it("keeps each child's and teammate's events apart, and logs who said what", () => {
    const lead = new RecordingRenderer();
    lead.toolCall("task", { prompt: "explore" }, "t1");
    const sub = lead.child("explore");
    const alice = lead.teammate("alice");
    sub.text("Found it.");
    alice.notice("on it");
    alice.status("Running the tests");
    sub.child("deeper").error("no such file");
    lead.toolResult("task", { content: "done", isError: false }, "t1");

    expect(lead.events.map((e) => e.kind)).toEqual(["toolCall", "child", "teammate", "toolResult"]);
    expect(lead.ofKind("toolResult")[0]).toMatchObject({ name: "task", id: "t1" });
    expect(lead.childNamed("explore").textOf()).toBe("Found it.");
    expect(lead.teammateNamed("alice").ofKind("notice")).toEqual([{ kind: "notice", text: "on it" }]);
    expect(lead.childNamed("explore").childNamed("deeper").ofKind("error")).toEqual([{ kind: "error", text: "no such file" }]);
    expect(lead.log.filter((s) => s.who.length > 0).map((s) => [s.who.join("/"), s.event.kind])).toEqual([
      ["explore", "text"],
      ["alice", "notice"],
      ["alice", "status"],
      ["explore", "child"],
      ["explore/deeper", "error"],
    ]);
  });

  it("says which children exist when a test asks for one that does not", () => {
    const lead = new RecordingRenderer();
    lead.child("explore");
    expect(() => lead.childNamed("plan")).toThrow('No child "plan" was made (children made: explore).');
    expect(() => lead.teammateNamed("bob")).toThrow('No teammate "bob" was made (teammates made: none).');
  });
});
