/**
 * The team's roster: who is on the team, what each was asked to be, and whether each is
 * working, idle or shut down. One file, `.team/config.json`, so a person (or `/team`) can see
 * the team at a glance and the next session knows which names were used:
 *
 *   { "team_name": "practice-workspace",
 *     "members": [ { "name": "alice", "role": "writes the function", "status": "working" },
 *                  { "name": "bob", "role": "writes its test", "status": "idle" } ] }
 *
 * Teammates are loops in the lead's process, and each one changes its own status as it
 * works, all at once. Every change is therefore a read-modify-write under the file's lock,
 * written atomically (core's LockedJsonFile): without the lock two teammates going idle
 * together both read the same roster and the second write undoes the first.
 *
 *     alice:  lock ─ read ─ alice idle ─ write ─ unlock
 *     bob:          waits ···························· lock ─ read ─ bob idle ─ write ─ unlock
 *
 * A teammate lives inside its lead's process, so when a session starts, nobody from an
 * earlier one is still running: `reset` marks them shut down (their names can be taken again).
 *
 * A broken file (not JSON, the wrong shape) is never overwritten: it may list a team a person
 * is about to fix. Reading reports it by name with what is wrong; changes refuse, saying
 * nothing was changed (LockedJsonFile's refusal). Keys we do not read are kept and written
 * back as they were (the schemas are loose).
 */
import path from "node:path";
import { ToolError } from "@learn/core";
import { LockedJsonFile } from "@learn/core/harness";
import { z } from "zod";
import { checkName, LEAD, NAME_PATTERN } from "./names.ts";

/** Where a workspace keeps its team: the roster and the mailboxes. */
export const TEAM_DIR = ".team";
export const ROSTER_FILE = `${TEAM_DIR}/config.json`;

export const MEMBER_STATUSES = ["working", "idle", "shutdown"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export interface Member {
  name: string;
  /** What the lead asked this teammate to be ("writes the tests"). */
  role: string;
  status: MemberStatus;
}

const MemberSchema = z.looseObject({
  name: z
    .string()
    .regex(NAME_PATTERN, "not a valid teammate name")
    .refine((name) => name !== LEAD, `"${LEAD}" is the lead's own name`),
  role: z.string(),
  status: z.enum(MEMBER_STATUSES),
});

export const RosterSchema = z
  .looseObject({ team_name: z.string(), members: z.array(MemberSchema) })
  .superRefine(({ members }, ctx) => {
    const seen = new Set<string>();
    members.forEach((member, index) => {
      if (seen.has(member.name)) ctx.addIssue({ code: "custom", path: ["members", index, "name"], message: `${member.name} is listed twice` });
      seen.add(member.name);
    });
  });

type RosterFile = z.output<typeof RosterSchema>;

export class Roster {
  /** The roster file (absolute). */
  readonly file: string;
  private readonly workspace: string;
  /** The same file, read and changed under its lock. */
  private readonly onDisk: LockedJsonFile<RosterFile>;

  constructor(workspace: string) {
    this.workspace = path.resolve(workspace);
    this.file = path.join(this.workspace, ROSTER_FILE);
    const empty = () => ({ team_name: this.defaultName(), members: [] });
    this.onDisk = new LockedJsonFile(this.file, { shown: ROSTER_FILE, schema: RosterSchema, empty });
  }

  /** The team as the file has it now. No file yet: the workspace folder's name, nobody on it. */
  async read(): Promise<{ teamName: string; members: Member[]; problem?: string }> {
    const loaded = await this.onDisk.read();
    if (loaded.ok) return { teamName: loaded.data.team_name, members: loaded.data.members };
    const problem = `${ROSTER_FILE} is broken (${loaded.why}): no teammate can join or change status until it is fixed or deleted.`;
    return { teamName: this.defaultName(), members: [], problem };
  }

  /**
   * At the lead's start: members an earlier session left working or idle are shut down (their
   * loops ended with that session's process). Returns their names. A broken file is left as
   * it is and nothing is returned: `read` reports it.
   */
  async reset(): Promise<string[]> {
    // A look without the lock first: most sessions start with no team at all, and taking the
    // lock would create .team/ in every workspace the agent ever opens.
    const look = await this.onDisk.read();
    if (!look.ok || look.data.members.every((m) => m.status === "shutdown")) return [];
    // Again, under the lock: it may have changed since the look.
    return this.onDisk.update((data) => {
      const stale = data.members.filter((m) => m.status !== "shutdown");
      if (stale.length === 0) return { result: [] };
      const members = data.members.map((m) => (m.status === "shutdown" ? m : { ...m, status: "shutdown" as const }));
      return { data: { ...data, members }, result: stale.map((m) => m.name) };
    }, () => []);
  }

  /** Put a new teammate on the team, working. A shut-down member's name is taken again, with the new role. */
  async add(name: string, role: string): Promise<Member> {
    checkName(name);
    return this.onDisk.update((data) => {
      const existing = data.members.find((m) => m.name === name);
      if (existing && existing.status !== "shutdown") {
        throw new ToolError(`${name} is already on the team (${existing.status}): choose another name, or send_message to ${name}`);
      }
      const member = { ...existing, name, role, status: "working" as const };
      const members = existing ? data.members.map((m) => (m === existing ? member : m)) : [...data.members, member];
      return { data: { ...data, members }, result: member };
    });
  }

  /**
   * Record a member's status; an unknown name is a bug in the caller, so a plain Error — except
   * for a shutdown: a member the roster no longer lists (`pnpm reset` deleted .team/ under a
   * running session) has nothing left to record. A look first, without the lock, so that its
   * shutdown does not make .team/ again in a workspace just reset.
   */
  async setStatus(name: string, status: MemberStatus): Promise<void> {
    if (status === "shutdown") {
      const look = await this.onDisk.read();
      if (look.ok && !look.data.members.some((m) => m.name === name)) return;
    }
    await this.onDisk.update((data) => {
      if (!data.members.some((m) => m.name === name)) {
        const names = data.members.map((m) => m.name).join(", ") || "nobody yet";
        throw new Error(`no member named ${name} in ${ROSTER_FILE} (members: ${names}), so no status was changed`);
      }
      const members = data.members.map((m) => (m.name === name ? { ...m, status } : m));
      return { data: { ...data, members }, result: undefined };
    });
  }

  private defaultName(): string {
    return path.basename(this.workspace);
  }
}
