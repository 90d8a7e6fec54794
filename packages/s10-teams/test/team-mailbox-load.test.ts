/**
 * The mailbox load test: 10 teammates, each sending 40 messages to the others at random
 * while every one of them drains its own box again and again. At the end every message was
 * received exactly once — nothing lost between a read and the emptying, nothing read twice —
 * in the box it was sent to, and every line parsed (no torn line). Once with every sender in
 * this process, once with the senders in child processes (real separate writers on the
 * lock) while this process drains. No assertion depends on speed.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { bundledForNode, useTempWorkspace } from "@learn/core/testing";
import { Mailboxes, type Mail } from "../src/team/index.ts";
import { seededRandom, sendMany, type Sent } from "./fixtures/team/send-many.ts";

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });
const packageDir = fileURLToPath(new URL("..", import.meta.url));
const senderScript = fileURLToPath(new URL("./fixtures/team/send-many-cli.ts", import.meta.url));

const MEMBERS = Array.from({ length: 10 }, (_, i) => `mate-${i}`);
const PER_SENDER = 40;

/** What each member received, drained repeatedly until `sending` settles, then once more. */
async function drainWhile(boxes: Mailboxes, sending: Promise<unknown>) {
  let done = false;
  void sending.then(
    () => (done = true),
    () => (done = true),
  );
  const received = new Map<string, Mail[]>(MEMBERS.map((m) => [m, []]));
  const problems: string[] = [];
  let drains = 0;
  const take = async (member: string) => {
    const read = await boxes.drain(member);
    received.get(member)!.push(...read.mail);
    problems.push(...read.problems);
    drains++;
  };
  await Promise.all(
    MEMBERS.map(async (member) => {
      while (!done) {
        await take(member);
        await new Promise((resolve) => setTimeout(resolve, 10)); // let the senders at the lock too
      }
    }),
  );
  await sending; // rethrows a sender's failure
  for (const member of MEMBERS) await take(member); // what arrived after the last drain
  return { received, problems, drains };
}

/** Every message sent was received exactly once, by the member it was sent to, from its sender. */
function expectEachOnce(sent: Sent[], received: Map<string, Mail[]>): void {
  const all = [...received.entries()].flatMap(([member, mail]) => mail.map((m) => ({ member, ...m })));
  expect(all).toHaveLength(sent.length);
  expect(new Set(all.map((m) => m.content)).size).toBe(sent.length); // no content twice
  const byContent = new Map(all.map((m) => [m.content, m]));
  for (const { to, content } of sent) {
    const got = byContent.get(content);
    expect(got, `${content} was never received`).toBeDefined();
    expect({ member: got!.member, from: got!.from }).toEqual({ member: to, from: content.split("#")[0] });
  }
  // Each member's mail from one sender arrives in the order it was sent.
  for (const mail of received.values()) {
    for (const sender of MEMBERS) {
      const order = mail.filter((m) => m.from === sender).map((m) => Number(m.content.split("#")[1]));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  }
}

describe("mailboxes under load", () => {
  it(`10 teammates × ${PER_SENDER} messages in this process, every box drained all the while: each received exactly once`, async () => {
    const boxes = new Mailboxes(ws.dir);
    const sending = Promise.all(MEMBERS.map((m, i) => sendMany(boxes, m, MEMBERS, PER_SENDER, seededRandom(1000 + i))));
    const { received, problems, drains } = await drainWhile(boxes, sending);
    const sent = (await sending).flat();
    expect(sent).toHaveLength(MEMBERS.length * PER_SENDER);
    expect(problems).toEqual([]);
    expect(drains).toBeGreaterThan(MEMBERS.length); // the drains really ran during the sending
    expectEachOnce(sent, received);
  });

  it(`4 child processes sending (10 teammates × ${PER_SENDER} messages) while this process drains: each received exactly once`, async () => {
    const groups = [MEMBERS.slice(0, 3), MEMBERS.slice(3, 6), MEMBERS.slice(6, 8), MEMBERS.slice(8)];
    const children = groups.map((senders, i) => sender(ws.dir, { senders, members: MEMBERS, count: PER_SENDER, seed: 2000 + 10 * i }));
    const sending = Promise.all(children);
    const { received, problems } = await drainWhile(new Mailboxes(ws.dir), sending);
    const sent = (await sending).flat();
    expect(sent).toHaveLength(MEMBERS.length * PER_SENDER);
    expect(problems).toEqual([]);
    expectEachOnce(sent, received);
  });
});

/** A child process running send-many.ts; resolves with what it sent, rejects with its stderr if it failed. */
async function sender(workspace: string, config: { senders: string[]; members: string[]; count: number; seed: number }): Promise<Sent[]> {
  const child = spawn(process.execPath, [await bundledForNode(senderScript), workspace, JSON.stringify(config)], { cwd: packageDir });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on("exit", (code, signal) => {
      if (code === 0 && stderr === "") resolve(JSON.parse(stdout) as Sent[]);
      else reject(new Error(`sender ${config.senders.join(",")} exited ${code ?? signal}: ${stderr}`));
    }),
  );
}
