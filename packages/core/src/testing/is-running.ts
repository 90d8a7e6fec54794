/** Whether a process a test started is still alive (a test of cleanup asserts it is not). */
import { readFileSync } from "node:fs";

/**
 * Is process `pid` still running? A zombie (killed, waiting for a parent to reap it — which a
 * container may never do) counts as gone. Linux reads /proc; elsewhere a signal 0 answers.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (process.platform !== "linux") return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/**
 * Whether process `pid` is gone within `limitMs`. A SIGKILL is sent at once but acted on when the
 * process is next scheduled: on a loaded machine "sent" and "gone" are a moment apart.
 */
export async function goneSoon(pid: number, limitMs = 10_000): Promise<boolean> {
  const until = Date.now() + limitMs;
  while (isRunning(pid)) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}
