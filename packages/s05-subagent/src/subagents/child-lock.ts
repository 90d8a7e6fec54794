/**
 * Which children may run at the same time. The kernel runs concurrency-safe calls of one
 * response together, and `task` is declared safe — but whether a child is safe depends on
 * its type, which a tool's static `concurrencySafe` cannot say. So the task tool is safe to
 * start, and the children sort themselves out here, like readers and writers of a file:
 *
 *   explore, explore, explore     read-only: any number at once (shared)
 *   general-purpose               may change files: alone (exclusive), after the ones before it
 *
 * First come, first served: a child waits for every child that asked before it, so a
 * writer is not starved by a stream of readers. A wait ends when the turn is cancelled.
 */
interface Waiter {
  exclusive: boolean;
  start: () => void;
}

export class ChildLock {
  private running = 0;
  private exclusiveRunning = false;
  private readonly waiting: Waiter[] = [];

  /** Run `work` once the lock allows: shared with other shared work, or alone. */
  async run<T>(exclusive: boolean, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
    await this.acquire(exclusive, signal);
    try {
      return await work();
    } finally {
      this.running--;
      if (this.running === 0) this.exclusiveRunning = false;
      this.pump();
    }
  }

  private acquire(exclusive: boolean, signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        exclusive,
        start: () => {
          signal.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(signal.reason as Error);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(waiter);
      this.pump();
    });
  }

  /** Start waiters from the front while the one in front can run beside what is running. */
  private pump(): void {
    for (let next = this.waiting[0]; next; next = this.waiting[0]) {
      if (this.exclusiveRunning || (next.exclusive && this.running > 0)) return;
      this.waiting.shift();
      this.running++;
      this.exclusiveRunning = next.exclusive;
      next.start();
    }
  }
}
