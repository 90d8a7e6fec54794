import { readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand, runProcess, startProcess } from "../src/platform/process.ts";
import { OutputCollector } from "../src/platform/process-output.ts";
import { PROCESS_TAG_VAR } from "../src/platform/process-registry.ts";
import { isRunning } from "../src/testing/index.ts";

let cwd: string;
beforeAll(async () => {
  cwd = await mkdtemp(path.join(os.tmpdir(), "proc-"));
});
afterAll(() => rm(cwd, { recursive: true, force: true }));


/** Wait (up to 5 s) for a process to be gone: a signal is delivered a moment after it is sent. */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && isRunning(pid); i++) await new Promise((r) => setTimeout(r, 50));
  return !isRunning(pid);
}

describe("runCommand", () => {
  it("merges stdout and stderr in the order they were written", async () => {
    // Each line waits until the one before has arrived (a file says so): the order is the writer's, not the machine's speed.
    const wait = (flag: string) => `while [ ! -f ${flag} ]; do sleep 0.01; done`;
    const arrived = (text: string) => {
      if (text.includes("one")) writeFileSync(path.join(cwd, "got-one"), "");
      if (text.includes("two")) writeFileSync(path.join(cwd, "got-two"), "");
    };
    const command = `echo one; ${wait("got-one")}; echo two >&2; ${wait("got-two")}; echo three`;
    const r = await runCommand(command, { cwd, timeoutMs: 30_000, onOutput: arrived });
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
    // The sleep outlasts the test's own time limit: that the run ends at all is the kill (no clock read here).
    const command = `trap '' TERM; (trap '' TERM; sleep 300) & echo $! > ${pidFile}; echo started; wait`;
    // Long enough for bash to start and echo on a loaded machine.
    const r = await runCommand(command, { cwd, timeoutMs: 2000 });
    expect(r.timedOut).toBe(true);
    expect(r.output).toContain("started");
    const childPid = Number((await import("node:fs/promises").then((fs) => fs.readFile(pidFile, "utf8"))).trim());
    expect(await gone(childPid)).toBe(true);
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
    // The command waits for a file that only this test's callback creates: it can finish
    // only if our event loop ran while the command was running.
    const go = path.join(cwd, "go");
    const r = await runCommand(`echo waiting; while [ ! -e ${go} ]; do sleep 0.01; done; echo done`, {
      cwd,
      timeoutMs: 10_000,
      onOutput: (text) => {
        if (text.includes("waiting")) setImmediate(() => writeFileSync(go, ""));
      },
    });
    expect(r.timedOut).toBe(false);
    expect(r.output).toBe("waiting\ndone\n");
  });

  it("names the signal that killed the command", async () => {
    const r = await runCommand("echo before; kill -TERM $$", { cwd, timeoutMs: 5000 });
    expect(r.signal).toBe("SIGTERM");
    expect(r.exitCode).toBeNull();
    expect(r.output).toBe("before\n");
  });

  it("returns when the command exits, and stops a setsid child that kept the output open", async () => {
    const pidFile = path.join(cwd, "escapee.pid");
    // setsid leaves the process group; the sleeper still holds bash's stdout and stderr.
    // Waiting for the sleeper would end in the timeout (timedOut below), long before the sleep would.
    const command = `setsid bash -c 'echo $$ > ${pidFile}; exec sleep 300' & while [ ! -s ${pidFile} ]; do sleep 0.01; done; echo parent done`;
    const r = await runCommand(command, { cwd, timeoutMs: 50_000 });
    expect(r).toMatchObject({ exitCode: 0, timedOut: false, lingered: true, output: "parent done\n" });
    const escapee = Number(readFileSync(pidFile, "utf8").trim());
    expect(await gone(escapee)).toBe(true);
  });

  it("does not flag a command whose output closed with it", async () => {
    const r = await runCommand("echo hi", { cwd, timeoutMs: 5000 });
    expect(r.lingered).toBe(false);
    expect(r.signal).toBeUndefined();
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

describe("output", () => {
  it("keeps a UTF-8 character whole when it is split between two chunks", async () => {
    const out = new OutputCollector({ maxChars: 100, maxStdoutChars: 100 });
    const bytes = Buffer.from("é中😀", "utf8");
    for (const byte of bytes) out.add("stdout", Buffer.from([byte]));
    out.end("stdout");
    expect(out.stdout).toBe("é中😀");
    expect(out.output).not.toContain("\uFFFD");
  });

  it("decodes a character a command wrote in two pieces", async () => {
    const r = await runCommand("printf '\\xc3'; sleep 0.1; printf '\\xa9\\n'", { cwd, timeoutMs: 5000 });
    expect(r.output).toBe("é\n");
  });

  it("keeps a hook-sized stdout whole beyond the display cap when asked", async () => {
    const r = await runCommand("head -c 80000 /dev/zero | tr '\\0' x", { cwd, timeoutMs: 5000, maxStdoutChars: 1_000_000 });
    expect(r.stdout.length).toBe(80_000);
    expect(r.output.length).toBe(50_000);
    expect(r.droppedChars).toBe(30_000);
  });

  it("hands each piece to onOutput as it arrives, with its stream", async () => {
    const pieces: Array<[string, string]> = [];
    await runCommand("echo out; sleep 0.05; echo err >&2", { cwd, timeoutMs: 5000, onOutput: (text, stream) => pieces.push([stream, text]) });
    expect(pieces).toEqual([
      ["stdout", "out\n"],
      ["stderr", "err\n"],
    ]);
  });
});

describe("runProcess and startProcess", () => {
  it("passes arguments as they are, with no shell", async () => {
    const r = await runProcess("printf", ["%s|", "a b", "$HOME", "*"], { cwd, timeoutMs: 5000 });
    expect(r.output).toBe("a b|$HOME|*|");
  });

  it("reports a program that cannot start", async () => {
    const r = await runProcess("no-such-program-xyz", [], { cwd, timeoutMs: 5000 });
    expect(r.startError).toMatch(/ENOENT/);
    expect(r.exitCode).toBeNull();
  });

  it("gives a handle that can stop a background process", async () => {
    const job = startProcess("sleep", ["30"], { cwd });
    expect(job.pid).toBeGreaterThan(0);
    job.kill();
    const r = await job.done;
    expect(r.signal).toBe("SIGTERM");
    expect(await gone(job.pid!)).toBe(true);
  });

  it("tags the process tree, so an escapee from the group can be found", async () => {
    const r = await runCommand(`echo $${PROCESS_TAG_VAR}`, { cwd, timeoutMs: 5000 });
    expect(r.output.trim()).toMatch(/^[0-9a-f-]{36}:[0-9a-f-]{36}$/);
  });
});
