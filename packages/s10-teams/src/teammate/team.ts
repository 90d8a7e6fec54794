/**
 * The lead's team: the teammates it spawned, by name. It checks names, keeps the roster on disk
 * in step, answers "who can I write to?", and ends everyone when the session ends.
 */
import { ToolError } from "@learn/core";
import { checkName } from "../team/names.ts";
import { Teammate, type TeamContext, type TeammateIdle } from "./teammate.ts";
import type { Spawner } from "./tools.ts";

export class Team implements Spawner {
  private readonly members = new Map<string, Teammate>();
  /** Teammates being ended by /clear: a spawn waits for them (their names are free only then). */
  private closing: Promise<unknown> = Promise.resolve();
  /** Told when a teammate stops working (the lead's agent wakes: `--print` looks again). */
  onSettled: () => void = () => {};
  /** What an idle teammate does (TeammateIdle): by default, it waits for mail. */
  private whenIdle: TeammateIdle | undefined;

  constructor(private readonly context: Omit<TeamContext, "directory" | "whenIdle">) {}

  /** Hang an idle cycle on every teammate spawned from now on (s11). */
  onTeammateIdle(handler: TeammateIdle): void {
    this.whenIdle = handler;
  }

  /** The teammate of that name, if it was spawned (its mechanisms find themselves here while it is built). */
  member(name: string): Teammate | undefined {
    return this.members.get(name);
  }

  async spawn(name: string, role: string, prompt: string): Promise<string> {
    checkName(name);
    await this.closing;
    const present = this.members.get(name);
    if (present && present.status !== "shutdown") {
      throw new ToolError(`${name} is already on the team (${present.status}): choose another name, or send_message to ${name}.`);
    }
    await this.context.roster.add(name, role); // the roster on disk refuses a name another session still uses
    const mate = new Teammate(name, role, { ...this.context, directory: this, settled: () => this.onSettled(), ...(this.whenIdle ? { whenIdle: this.whenIdle } : {}) });
    this.members.set(name, mate);
    await mate.start(prompt);
    return `Spawned ${name} (${role}): it is working on your prompt now. Its messages reach you by themselves; list_teammates shows who is working.`;
  }

  names(): string[] {
    return [...this.members.values()].filter((m) => m.status !== "shutdown").map((m) => m.name);
  }

  describe(): string {
    return [...this.members.values()].map((m) => `${m.name} (${m.status}) — ${m.role}`).join(", ");
  }

  /** Is any teammate in a work phase, or about to start one? (`--print` waits for them.) */
  working(): boolean {
    return [...this.members.values()].some((m) => m.busy);
  }

  /** `/clear`: a fresh start ends the team too (in the background; a spawn waits for it). */
  clear(): void {
    this.closing = this.close();
  }

  /**
   * End every teammate still there; the names of those that were. Waits for every loop, the
   * ended ones too: one that just agreed to shut down may still be writing that to the roster.
   */
  async close(): Promise<string[]> {
    const all = [...this.members.values()];
    const live = all.filter((m) => m.status !== "shutdown").map((m) => m.name);
    await Promise.all(all.map((m) => m.shutdown()));
    return live;
  }
}
