/**
 * Holding requests for `after`: a turn written `after: { agent: alice, served: 2 }` is not
 * served before Alice has been served two turns, so a script can order agents that run at the
 * same time. `after: { agent: alice, asked: 2 }` waits only until Alice's second request has
 * arrived (it may itself be held): two agents can each wait for the other to have *asked* —
 * reached a point in their own code, such as claiming a task — without waiting in a circle,
 * which two `served` holds would. The held request waits here (the caller can still abort it) until the simulator
 * reports progress. A hold that can never be released is answered with the reason instead of
 * hanging: agents waiting for each other in a circle (a script bug must show itself), or an
 * agent waited for whose turn failed or was cancelled (Ctrl-C) before it got far enough.
 */
import { abortError } from "./wire.ts";

/** Exactly one of `served` and `asked`. */
export interface After {
  agent: string;
  served?: number;
  asked?: number;
}

/** What the holds need to know of each agent: how far it got, and how many turns it has left. */
export interface Progress {
  served(agent: string): number;
  /** How many requests it sent (the one held or being answered included). */
  asked(agent: string): number;
  left(agent: string): number;
  /** Why its last turn ended mid-script (failed, cancelled), while no request came since. */
  stopped(agent: string): "failed" | "cancelled" | undefined;
}

interface Waiter {
  agent: string;
  after: After;
  wake: () => void;
  fail: (problem: string) => void;
}

export class Holds {
  readonly #waiters = new Set<Waiter>();

  constructor(private readonly progress: Progress) {}

  /** Wait until `after` is met. Resolves undefined then, or with why it never will be; rejects on abort. */
  wait(agent: string, after: After, signal: AbortSignal): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(abortError());
      const settle = (then: () => void) => {
        this.#waiters.delete(waiter);
        signal.removeEventListener("abort", onAbort);
        then();
      };
      const waiter: Waiter = {
        agent,
        after,
        wake: () => settle(() => resolve(undefined)),
        fail: (problem) => settle(() => resolve(problem)),
      };
      const onAbort = () => settle(() => reject(abortError()));
      signal.addEventListener("abort", onAbort, { once: true });
      this.#waiters.add(waiter);
      this.check();
    });
  }

  /** Whether `after` holds now. */
  met(after: After): boolean {
    return after.asked !== undefined ? this.progress.asked(after.agent) >= after.asked : this.progress.served(after.agent) >= (after.served ?? 0);
  }

  /**
   * Something moved (a turn was served, a script restarted): release every hold that is met,
   * then fail those that can never be. Every request of a circle is failed, so none is left hanging.
   */
  check(): void {
    for (const waiter of [...this.#waiters]) {
      if (this.met(waiter.after)) waiter.wake();
    }
    const stuck = [...this.#waiters].flatMap((waiter) => {
      const problem = this.#deadlock(waiter);
      return problem ? [{ waiter, problem }] : [];
    });
    for (const { waiter, problem } of stuck) waiter.fail(problem);
  }

  /**
   * Why a hold can never be released, or undefined while it still can: the agent it waits for
   * stopped mid-script, or has too few turns left, or is itself held, waiting (maybe through
   * others) for an agent on the path — a circle of waits where nothing can move.
   */
  #deadlock(waiter: Waiter): string | undefined {
    const { agent } = waiter.after;
    const asked = waiter.after.asked !== undefined;
    const count = waiter.after.asked ?? waiter.after.served ?? 0;
    const wants = asked
      ? `it waits for agent "${agent}" to send request ${count} (after: { agent: ${agent}, asked: ${count} })`
      : `it waits for agent "${agent}" to be served ${turns(count)} (after: { agent: ${agent}, served: ${count} })`;
    const [sofar, left] = [this.progress.served(agent), this.progress.left(agent)];
    const stopped = this.progress.stopped(agent);
    if (stopped) {
      const how = stopped === "cancelled" ? "was cancelled" : "failed";
      return `${wants}, but the turn of "${agent}" ${how} after it was served ${turns(sofar)}: the script cannot go on as written (in the REPL, /clear starts it again)`;
    }
    // Request n is only worth waiting for if the script has a turn to answer it.
    if (sofar + left < count) return `${wants}, but "${agent}" was served ${sofar} and has only ${turns(left)} left`;
    const path = [waiter.agent];
    const holds: string[] = [];
    for (let next = this.#heldOf(agent); next; next = this.#heldOf(next.after.agent)) {
      const until = next.after.asked !== undefined ? `to send request ${next.after.asked}` : `to be served ${next.after.served}`;
      holds.push(`"${next.agent}" (served ${this.progress.served(next.agent)}) is held waiting for "${next.after.agent}" ${until}`);
      if (path.includes(next.after.agent) || next.after.agent === next.agent) {
        return `${wants}, but ${holds.join(", and ")}: nothing can progress (a deadlock in the script's \`after\` fields)`;
      }
      path.push(next.agent);
    }
    return undefined;
  }

  #heldOf(agent: string): Waiter | undefined {
    return [...this.#waiters].find((w) => w.agent === agent);
  }
}

function turns(n: number): string {
  return n === 1 ? "1 turn" : `${n} turns`;
}
