/** A lesson's flags come from its list of mechanisms, by one rule: no lesson forwards another's by hand. */
import { describe, expect, it } from "vitest";
import { lessonFrom, type LessonFlag } from "../src/harness.ts";
import type { Mechanism } from "../src/index.ts";

const flag = (name: string): LessonFlag => ({ name, description: `the ${name} flag` });
const mechanism = (name: string, extra: Partial<Mechanism> = {}): Mechanism => ({ name, add: (parts) => parts, ...extra });
const about = { id: "s99", title: "Test", headline: "a test lesson", demoScripts: [], createAgent: () => ({}) as never };

describe("lessonFrom: flags gathered over the list", () => {
  const list = [
    mechanism("permissions", { flags: [flag("permission-mode")] }),
    mechanism("todo"),
    mechanism("background", { flags: [flag("time-scale"), flag("deliver")], offlineFlags: { "time-scale": "60", deliver: "when-idle" } }),
    mechanism("autonomy (lead)", { for: ["lead"], flags: [flag("idle-poll-ms")], offlineFlags: { "idle-poll-ms": "100" } }),
    mechanism("autonomy (teammate)", { for: ["teammate"], flags: [flag("idle-poll-ms")] }),
  ];

  it("offers every mechanism's flags, in list order, each once", () => {
    expect(lessonFrom(list, about).flags!.map((f) => f.name)).toEqual(["permission-mode", "time-scale", "deliver", "idle-poll-ms"]);
  });

  it("passes every mechanism's offline values on to any later lesson that has it", () => {
    expect(lessonFrom(list, about).demoFlags).toEqual({ "time-scale": "60", deliver: "when-idle", "idle-poll-ms": "100" });
  });

  it("keeps a lesson's own demo flags for its own demo: they win there, and a later lesson's list does not carry them", () => {
    const s07 = lessonFrom(list, { ...about, demoFlags: { "compact-threshold": "5000", "idle-poll-ms": "50" } });
    expect(s07.demoFlags).toEqual({ "time-scale": "60", deliver: "when-idle", "idle-poll-ms": "50", "compact-threshold": "5000" });
    const s08 = lessonFrom([...list, mechanism("tasks")], about);
    expect(s08.demoFlags).not.toHaveProperty("compact-threshold");
  });

  it("a lesson whose mechanisms have no flags has none, and no demo flags", () => {
    const s01 = lessonFrom([mechanism("bash")], about);
    expect(s01.flags).toEqual([]);
    expect(s01).not.toHaveProperty("demoFlags");
  });
});
