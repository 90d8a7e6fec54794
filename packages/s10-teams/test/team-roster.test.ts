/**
 * The roster in .team/config.json: joining, status changes, the start of a session, a broken
 * file (reported by name, refused, never overwritten), and many changes at once losing none.
 */
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ToolError } from "@learn/core";
import { useTempWorkspace } from "@learn/core/testing";
import { Roster, ROSTER_FILE } from "../src/team/index.ts";

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });
const onDisk = async (roster: Roster) => JSON.parse(await readFile(roster.file, "utf8"));

async function writeRoster(text: string): Promise<Roster> {
  const roster = new Roster(ws.dir);
  await mkdir(path.dirname(roster.file), { recursive: true });
  await writeFile(roster.file, text);
  return roster;
}

describe("Roster", () => {
  it("reads an empty team named for the workspace folder when there is no file yet, and writes nothing", async () => {
    const roster = new Roster(ws.dir);
    expect(roster.file).toBe(path.join(ws.dir, ".team", "config.json"));
    expect(await roster.read()).toEqual({ teamName: path.basename(ws.dir), members: [] });
    expect(await roster.reset()).toEqual([]);
    await expect(readdir(ws.dir)).resolves.toEqual(["README.md"]); // not even .team/
  });

  it("adds members working, in order, and records their status", async () => {
    const roster = new Roster(ws.dir);
    expect(await roster.add("alice", "writes the function")).toEqual({ name: "alice", role: "writes the function", status: "working" });
    await roster.add("bob", "writes its test");
    await roster.setStatus("alice", "idle");
    expect(await roster.read()).toEqual({
      teamName: path.basename(ws.dir),
      members: [
        { name: "alice", role: "writes the function", status: "idle" },
        { name: "bob", role: "writes its test", status: "working" },
      ],
    });
    expect(await onDisk(roster)).toEqual({
      team_name: path.basename(ws.dir),
      members: [
        { name: "alice", role: "writes the function", status: "idle" },
        { name: "bob", role: "writes its test", status: "working" },
      ],
    });
  });

  it("refuses a name already on the team unless it was shut down, which is taken again with its new role", async () => {
    const roster = new Roster(ws.dir);
    await roster.add("alice", "first job");
    await expect(roster.add("alice", "again")).rejects.toThrow(
      new ToolError("alice is already on the team (working): choose another name, or send_message to alice"),
    );
    await roster.setStatus("alice", "idle");
    await expect(roster.add("alice", "again")).rejects.toThrow("alice is already on the team (idle)");
    await roster.setStatus("alice", "shutdown");
    expect(await roster.add("alice", "second job")).toEqual({ name: "alice", role: "second job", status: "working" });
    expect((await roster.read()).members).toEqual([{ name: "alice", role: "second job", status: "working" }]);
  });

  it("checks the name before touching the file", async () => {
    const roster = new Roster(ws.dir);
    await expect(roster.add("../x", "escapes")).rejects.toThrow('"../x" is not a valid teammate name');
    await expect(roster.add("lead", "usurps")).rejects.toThrow(`"lead" is the lead's own name: choose another.`);
    await expect(readFile(roster.file)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("refuses a status for a name not on the team, listing who is", async () => {
    const roster = new Roster(ws.dir);
    await expect(roster.setStatus("carol", "idle")).rejects.toThrow(
      "no member named carol in .team/config.json (members: nobody yet), so no status was changed",
    );
    await roster.add("alice", "a");
    await expect(roster.setStatus("carol", "idle")).rejects.toThrow("(members: alice)");
  });

  it("reset: members an earlier session left working or idle are shut down, and their names returned", async () => {
    const earlier = new Roster(ws.dir);
    await earlier.add("alice", "a");
    await earlier.add("bob", "b");
    await earlier.add("carol", "c");
    await earlier.setStatus("bob", "idle");
    await earlier.setStatus("carol", "shutdown");

    const roster = new Roster(ws.dir); // the next session
    expect(await roster.reset()).toEqual(["alice", "bob"]);
    expect((await roster.read()).members.map((m) => `${m.name}:${m.status}`)).toEqual(["alice:shutdown", "bob:shutdown", "carol:shutdown"]);
    expect(await roster.reset()).toEqual([]);
    expect((await roster.add("bob", "b again")).status).toBe("working");
  });

  it("keeps keys it does not read, on the team and on each member", async () => {
    const roster = await writeRoster(
      JSON.stringify({ team_name: "crew", lead_agent_id: "x1", members: [{ name: "alice", role: "a", status: "idle", color: "blue" }] }),
    );
    await roster.setStatus("alice", "working");
    await roster.add("bob", "b");
    expect(await onDisk(roster)).toEqual({
      team_name: "crew",
      lead_agent_id: "x1",
      members: [
        { name: "alice", role: "a", status: "working", color: "blue" },
        { name: "bob", role: "b", status: "working" },
      ],
    });
  });

  it.each([
    ["not JSON", '{ "team_name": "crew", "members": [ }\n', /^\.team\/config\.json is broken \(line 1, column \d+: .+\): no teammate can join/],
    ["the wrong shape", '{ "team_name": "crew", "members": [ { "name": "alice", "role": "a", "status": "asleep" } ] }\n', /is broken \(not the expected shape: members\.0\.status: /],
    ["a member listed twice", JSON.stringify({ team_name: "t", members: [{ name: "a", role: "", status: "idle" }, { name: "a", role: "", status: "idle" }] }), /members\.1\.name: a is listed twice/],
    ["a name that is not a name", JSON.stringify({ team_name: "t", members: [{ name: "../x", role: "", status: "idle" }] }), /members\.0\.name: not a valid teammate name/],
  ])("a roster file with %s is reported by name, refused, and never overwritten", async (_, text, problem) => {
    const roster = await writeRoster(text);
    const read = await roster.read();
    expect(read.members).toEqual([]);
    expect(read.problem).toMatch(problem);
    expect(read.problem).not.toContain(ws.dir); // the workspace path says it already

    await expect(roster.add("bob", "b")).rejects.toThrow(ToolError);
    await expect(roster.add("bob", "b")).rejects.toThrow(/^\.team\/config\.json is broken \(.+\), so nothing was changed\. Fix the file or delete it, then try again\.$/);
    await expect(roster.setStatus("alice", "idle")).rejects.toThrow("so nothing was changed");
    expect(await roster.reset()).toEqual([]);
    expect(await readFile(roster.file, "utf8")).toBe(text); // byte for byte
  });

  it("a roster that is a folder is reported, not thrown", async () => {
    const roster = new Roster(ws.dir);
    await mkdir(roster.file, { recursive: true });
    expect((await roster.read()).problem).toBe(".team/config.json is broken (a directory, not a regular file): no teammate can join or change status until it is fixed or deleted.");
    await expect(roster.add("bob", "b")).rejects.toThrow("so nothing was changed");
  });

  it("20 adds at once from one process: all 20 on the roster (no change lost)", async () => {
    const names = Array.from({ length: 20 }, (_, i) => `member-${i}`);
    // Two Roster objects on one file, as the lead and a teammate's runner would have.
    const rosters = [new Roster(ws.dir), new Roster(ws.dir)];
    await Promise.all(names.map((name, i) => rosters[i % 2]!.add(name, `role ${i}`)));
    const { members, problem } = await rosters[0]!.read();
    expect(problem).toBeUndefined();
    expect(members.map((m) => m.name).sort()).toEqual([...names].sort());
    // And as many status changes at once: each one lands.
    await Promise.all(names.map((name, i) => rosters[i % 2]!.setStatus(name, i % 3 === 0 ? "idle" : "shutdown")));
    const after = (await rosters[1]!.read()).members;
    for (const [i, name] of names.entries()) expect(after.find((m) => m.name === name)?.status).toBe(i % 3 === 0 ? "idle" : "shutdown");
  });

  it("ROSTER_FILE is the path the errors name", () => {
    expect(ROSTER_FILE).toBe(".team/config.json");
  });
});

describe("the roster deleted under a running session (pnpm reset from another terminal)", () => {
  it("a member's shutdown has nothing to record: no error, and .team/ is not made again", async () => {
    const roster = new Roster(ws.dir);
    await roster.add("alice", "writes the function");
    await rm(path.join(ws.dir, ".team"), { recursive: true });
    await expect(roster.setStatus("alice", "shutdown")).resolves.toBeUndefined();
    expect(existsSync(path.join(ws.dir, ".team"))).toBe(false);
    // Any other status of a member the roster does not list is still the caller's bug.
    await expect(roster.setStatus("alice", "idle")).rejects.toThrow("no member named alice");
  });
});
