/**
 * What every agent of one session shares (core's `ctx.shared`): where this workspace's
 * transcripts are, the lead's session id (a child's file sits beside the lead's), how many
 * children have started, and the cost meter they all add to.
 */
import { randomUUID } from "node:crypto";
import { CostMeter } from "./cost/meter.ts";
import { projectDir, sessionsRoot } from "./transcript/index.ts";

export class SessionPlace {
  sessionId: string = randomUUID();
  readonly meter = new CostMeter();
  private children = 0;
  readonly dir: string;

  constructor(sessionsFlag: string | undefined, cwd: string) {
    // The flag's environment variable is read here too: an agent built without the command line (a test) honours it.
    this.dir = projectDir(sessionsRoot(sessionsFlag ?? process.env.LEARN_SESSIONS_DIR, cwd), cwd);
  }

  /** The next child's number (agent-explore-1, agent-alice-2…). */
  nextChild(): number {
    return ++this.children;
  }
}
