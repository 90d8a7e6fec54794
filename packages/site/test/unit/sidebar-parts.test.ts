/** The sidebar presents the twelve, then Part II (s13 on) as their continuation, in both languages. */
import { describe, expect, it } from "vitest";
import { sidebarFor } from "../../src/sidebar.ts";
import type { SiteData } from "../../src/site-data.ts";

const lesson = (dirName: string) => ({ dirName, page: `lessons/${dirName}/index.md`, title: dirName, diffPage: undefined, referencePage: undefined });

describe("the sidebar's lessons", () => {
  it("puts s13 on under Part II, after the twelve", () => {
    const lessons = [lesson("s01-loop"), lesson("s12-worktree"), lesson("s13-mcp"), lesson("s17-workflows")];
    const data = { book: { en: [], zh: [] }, lessons: { en: lessons, zh: lessons } } as unknown as SiteData;
    const en = sidebarFor(data, "en");
    expect(en.map((g) => g.text)).toEqual(["Book", "Lessons", "Part II — beyond the twelve", "Compare lessons"]);
    expect(en[1]!.items!.map((i) => i.text)).toEqual(["s01-loop", "s12-worktree"]);
    expect(en[2]!.items!.map((i) => i.text)).toEqual(["s13-mcp", "s17-workflows"]);
    expect(sidebarFor(data, "zh")[2]!.text).toBe("第二部分：十二课之后");
  });

  it("has no Part II group when there is no lesson in it", () => {
    const data = { book: { en: [], zh: [] }, lessons: { en: [lesson("s01-loop")], zh: [lesson("s01-loop")] } } as unknown as SiteData;
    expect(sidebarFor(data, "en").map((g) => g.text)).toEqual(["Book", "Lessons", "Compare lessons"]);
  });
});
