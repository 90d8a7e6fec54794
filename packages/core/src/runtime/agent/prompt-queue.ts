/**
 * Prompts waiting for an idle agent. Mail, a cron job or a finished background job must be
 * able to start a turn — but never while a turn runs (two turns at once would interleave two
 * conversations into one message list). So they wait here, and whoever drives the agent (the
 * REPL, `--print`) runs them one at a time when the agent is idle.
 */

/** Where a submitted prompt comes from, so the user can see who started a turn. */
export interface SubmitOptions {
  /** "cron", "mail from alice", "background job 3"... shown when the turn starts. */
  source?: string;
}

export interface SubmittedPrompt {
  prompt: string;
  /** Who asked ("cron", "mail from alice"): shown when the turn starts. */
  source?: string;
}

export class PromptQueue {
  private readonly waiting: SubmittedPrompt[] = [];
  private readonly listeners = new Set<() => void>();
  /** Whoever waits in wait(): a prompt or a wake ends the wait. */
  private readonly waiters = new Set<() => void>();

  push(prompt: string, options: SubmitOptions = {}): void {
    this.waiting.push({ prompt, ...(options.source ? { source: options.source } : {}) });
    for (const listener of this.listeners) listener();
    this.wake();
  }

  /** End every wait() now, with no prompt: something the waiter watches may have changed (a job ended). */
  wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** The oldest waiting prompt, removed from the queue; undefined when none waits. */
  take(): SubmittedPrompt | undefined {
    return this.waiting.shift();
  }

  get size(): number {
    return this.waiting.length;
  }

  clear(): void {
    this.waiting.length = 0;
  }

  /** Call `listener` whenever a prompt arrives; returns a function that stops it. */
  onPush(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolve when a prompt arrives or wake() is called, after `ms` at the latest, or when `signal` aborts. */
  wait(ms: number, signal?: AbortSignal): Promise<void> {
    if (this.waiting.length > 0 || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
      signal?.addEventListener("abort", done, { once: true });
    });
  }
}
