import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../src/process.ts";

let cwd: string;
beforeAll(async () => {
  cwd = await mkdtemp(path.join(os.tmpdir(), "proc-"));
});
afterAll(() => rm(cwd, { recursive: true, force: true }));

/** Running, and not a zombie waiting to be reaped (a zombie has already been killed). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

describe("runCommand", () => {
  it("merges stdout and stderr in the order they were written", async () => {
    const r = await runCommand("echo one; sleep 0.05; echo two >&2; sleep 0.05; echo three", { cwd, timeoutMs: 5000 });
    expect(r.output).toBe("one\ntwo\nthree\n");
    expect(r.exitCode).toBe(0);
    expect(r.timedOut).toBe(false);
  });

  it("reports a non-zero exit code", async () => {
    const r = await runCommand("echo failing; exit 3", { cwd, timeoutMs: 5000 });
    expect(r.exitCode).toBe(3);
    expect(r.output).toBe("failing\n");
  });

  it("runs in the given folder", async () => {
    const r = await runCommand("pwd", { cwd, timeoutMs: 5000 });
    expect(r.output.trim()).toBe(await import("node:fs/promises").then((fs) => fs.realpath(cwd)));
  });

  it("kills the whole process tree on timeout, even a command that ignores SIGTERM", async () => {
    const pidFile = path.join(cwd, "child.pid");
    const command = `trap '' TERM; (trap '' TERM; sleep 30) & echo $! > ${pidFile}; echo started; wait`;
    const started = Date.now();
    const r = await runCommand(command, { cwd, timeoutMs: 1000 });
    expect(r.timedOut).toBe(true);
    expect(r.output).toContain("started");
    expect(Date.now() - started).toBeLessThan(3000);
    const childPid = Number((await import("node:fs/promises").then((fs) => fs.readFile(pidFile, "utf8"))).trim());
    await new Promise((r) => setTimeout(r, 100));
    expect(alive(childPid)).toBe(false);
  });

  it("caps the output and counts what it dropped", async () => {
    const r = await runCommand("head -c 120000 /dev/zero | tr '\\0' x", { cwd, timeoutMs: 5000, maxChars: 50_000 });
    expect(r.output.length).toBe(50_000);
    expect(r.droppedChars).toBe(70_000);
  });

  it("is cancelled through an abort signal", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const r = await runCommand("sleep 20", { cwd, timeoutMs: 60_000, signal: controller.signal });
    expect(r.aborted).toBe(true);
    expect(r.durationMs).toBeLessThan(3000);
  });

  it("does not block the event loop while a command runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    await runCommand("sleep 0.3", { cwd, timeoutMs: 5000 });
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(10);
  });
});

describe("runCommand with input", () => {
  it("writes the input to stdin and keeps stdout and stderr apart too", async () => {
    const r = await runCommand("read line; echo \"got $line\"; echo warn >&2", { cwd, timeoutMs: 5000, input: "hello\n" });
    expect(r.stdout).toBe("got hello\n");
    expect(r.stderr).toBe("warn\n");
    expect(r.output).toBe("got hello\nwarn\n");
  });

  it("gives a command that waits for input an immediate end-of-file", async () => {
    const r = await runCommand("cat; echo done", { cwd, timeoutMs: 5000 });
    expect(r.output).toBe("done\n");
    expect(r.timedOut).toBe(false);
  });
});

describe("runCommand and the user's shell setup", () => {
  it("never sources ~/.bashrc, even with piped input (bash does when its stdin is a socket)", async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), "home-"));
    await writeFile(path.join(home, ".bashrc"), "echo SOURCED-BASHRC\n");
    const env = { PATH: process.env.PATH, HOME: home }; // no SHLVL, as under turbo's strict env
    const r = await runCommand("echo hi", { cwd, timeoutMs: 5000, input: "x\n", env });
    await rm(home, { recursive: true, force: true });
    expect(r.output).toBe("hi\n");
  });
});
