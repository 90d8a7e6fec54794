/**
 * Requests: ids in order, the mail each step writes (always with its `request_id:` line), and
 * the answers refused — an unknown id, a second answer, an answer from the wrong agent — with
 * nothing marked and nothing sent.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ToolError } from "@learn/core";
import { useTempWorkspace } from "@learn/core/testing";
import { LEAD, Mailboxes } from "@learn/s10";
import { Requests } from "../src/autonomy/protocols/index.ts";

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });

function setup() {
  const mailboxes = new Mailboxes(ws.dir);
  return { mailboxes, requests: new Requests(mailboxes) };
}

/** The mail in `name`'s box, taken out, as { type, from, content }. */
async function mailOf(mailboxes: Mailboxes, name: string) {
  const { mail, problems } = await mailboxes.drain(name);
  expect(problems).toEqual([]);
  return mail.map(({ type, from, content }) => ({ type, from, content }));
}

describe("Requests", () => {
  it("numbers requests req-1, req-2, … and mails each with its request_id line", async () => {
    const { mailboxes, requests } = setup();
    const first = await requests.open("shutdown", LEAD, "alice", "Please shut down.");
    const second = await requests.open("plan", "bob", LEAD, "1. read math.ts\n2. add sub()\n");
    const third = await requests.open("shutdown", LEAD, "bob", "You too.");
    expect([first.id, second.id, third.id]).toEqual(["req-1", "req-2", "req-3"]);
    expect(first).toEqual({ id: "req-1", kind: "shutdown", from: LEAD, to: "alice", status: "pending", body: "Please shut down." });

    // On disk: one JSONL line per mail, in the receiver's box.
    const line = JSON.parse(await readFile(mailboxes.fileOf("alice"), "utf8"));
    expect(line).toMatchObject({ type: "shutdown_request", from: LEAD, content: "Please shut down.\nrequest_id: req-1" });
    expect(await mailOf(mailboxes, LEAD)).toEqual([
      { type: "plan_approval_request", from: "bob", content: "1. read math.ts\n2. add sub()\nrequest_id: req-2" },
    ]);
    expect(await mailOf(mailboxes, "bob")).toEqual([{ type: "shutdown_request", from: LEAD, content: "You too.\nrequest_id: req-3" }]);
  });

  it("an answer marks the request and mails the asker approve, the note and the request_id", async () => {
    const { mailboxes, requests } = setup();
    await requests.open("shutdown", LEAD, "alice", "Please shut down.");
    await requests.open("plan", "bob", LEAD, "the plan");
    await requests.open("shutdown", LEAD, "carol", "Please shut down.");
    await requests.open("plan", "dave", LEAD, "another plan");

    expect(await requests.answer("req-1", "alice", true)).toMatchObject({ status: "approved" });
    expect(await requests.answer("req-2", LEAD, false, "Test first.")).toMatchObject({ status: "rejected", answer: "Test first." });
    await requests.answer("req-3", "carol", false, "Still writing the tests.");
    await requests.answer("req-4", LEAD, true, "Go.");
    expect(requests.get("req-2")).toMatchObject({ id: "req-2", kind: "plan", from: "bob", to: LEAD, status: "rejected" });

    expect(await mailOf(mailboxes, LEAD)).toEqual([
      expect.objectContaining({ type: "plan_approval_request" }),
      expect.objectContaining({ type: "plan_approval_request" }),
      { type: "shutdown_response", from: "alice", content: "approve: true\nrequest_id: req-1" },
      { type: "shutdown_response", from: "carol", content: "approve: false\nreason: Still writing the tests.\nrequest_id: req-3" },
    ]);
    expect(await mailOf(mailboxes, "bob")).toEqual([
      { type: "plan_approval_response", from: LEAD, content: "approve: false\nfeedback: Test first.\nrequest_id: req-2" },
    ]);
    expect(await mailOf(mailboxes, "dave")).toEqual([
      { type: "plan_approval_response", from: LEAD, content: "approve: true\nfeedback: Go.\nrequest_id: req-4" },
    ]);
  });

  it("refuses an unknown id (listing the open ones), a second answer, and the wrong responder", async () => {
    const { mailboxes, requests } = setup();
    await expect(requests.answer("req-1", "alice", true)).rejects.toThrow(new ToolError('No request "req-1". No request is open.'));
    await requests.open("shutdown", LEAD, "alice", "Please shut down.");
    await requests.open("plan", "bob", LEAD, "the plan");
    await requests.open("shutdown", LEAD, "bob", "Please shut down.");
    await mailboxes.drain("alice");

    await expect(requests.answer("req-9", "alice", true)).rejects.toThrow(
      new ToolError('No request "req-9". Open requests: req-1 (shutdown, lead → alice), req-2 (plan, bob → lead), req-3 (shutdown, lead → bob).'),
    );
    await expect(requests.answer("req-3", "alice", true)).rejects.toThrow(new ToolError("req-3 was sent to bob, not to alice."));
    expect(requests.get("req-3")?.status).toBe("pending"); // a refused answer marks nothing

    await requests.answer("req-3", "bob", true);
    await expect(requests.answer("req-3", "bob", false, "changed my mind")).rejects.toThrow(new ToolError("req-3 was already answered (approved)."));
    expect(requests.get("req-3")?.status).toBe("approved");
    expect(await mailOf(mailboxes, LEAD)).toEqual([expect.objectContaining({ type: "plan_approval_request" }), expect.objectContaining({ content: "approve: true\nrequest_id: req-3" })]);
    expect(await mailOf(mailboxes, "alice")).toEqual([]); // nothing was sent for the refused answers
  });

  it("pendingFor lists what waits for a name's answer; get and pendingFor hand out copies", async () => {
    const { requests } = setup();
    await requests.open("shutdown", LEAD, "alice", "a");
    await requests.open("plan", "alice", LEAD, "b");
    await requests.open("shutdown", LEAD, "bob", "c");
    expect(requests.pendingFor("alice").map((r) => r.id)).toEqual(["req-1"]);
    expect(requests.pendingFor(LEAD).map((r) => r.id)).toEqual(["req-2"]);
    await requests.answer("req-1", "alice", false, "busy");
    expect(requests.pendingFor("alice")).toEqual([]);

    const copy = requests.get("req-3")!;
    copy.status = "approved";
    requests.pendingFor("bob")[0]!.to = "carol";
    expect(requests.get("req-3")).toMatchObject({ status: "pending", to: "bob" });
    expect(requests.get("req-4")).toBeUndefined();
  });

  it("a bad address or a request to oneself fails before it costs an id", async () => {
    const { requests } = setup();
    await expect(requests.open("shutdown", LEAD, "../x", "a")).rejects.toThrow(/not a valid teammate name/);
    await expect(requests.open("plan", "alice", "alice", "a")).rejects.toThrow(new ToolError("alice cannot send a request to itself."));
    expect((await requests.open("shutdown", LEAD, "alice", "a")).id).toBe("req-1");
  });

  it("mail that cannot be sent leaves no trace: no request opened, no answer recorded", async () => {
    const { mailboxes, requests } = setup();
    const inbox = path.dirname(mailboxes.fileOf(LEAD));
    await mkdir(path.dirname(inbox), { recursive: true });
    await writeFile(inbox, "not a folder"); // every mailbox write fails
    await expect(requests.open("shutdown", LEAD, "alice", "a")).rejects.toThrow();
    expect(requests.get("req-1")).toBeUndefined();
    expect(requests.pendingFor("alice")).toEqual([]);

    await rm(inbox);
    await requests.open("shutdown", LEAD, "alice", "a");
    await mkdir(mailboxes.fileOf(LEAD), { recursive: true }); // the lead's box is a folder: the answer cannot go
    await expect(requests.answer("req-2", "alice", false, "busy")).rejects.toThrow();
    expect(requests.get("req-2")).toMatchObject({ status: "pending" });
    expect(requests.get("req-2")).not.toHaveProperty("answer");

    await rm(mailboxes.fileOf(LEAD), { recursive: true });
    await requests.answer("req-2", "alice", true);
    expect(await mailOf(mailboxes, LEAD)).toEqual([expect.objectContaining({ content: "approve: true\nrequest_id: req-2" })]);
  });
});
