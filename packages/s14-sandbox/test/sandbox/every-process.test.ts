/**
 * Every process a tool call starts runs in the sandbox, not only bash's: a background job
 * (s09), a command in a worktree (s12), and what they start in turn. And the network is off:
 * a server listening on this machine's loopback cannot be reached from inside. Each with the
 * permission hook removed (forced-allow.ts), so only the sandbox is tested — and a control
 * without it, so the test could fail.
 */
import { access, readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeWorld, runForcedAllow, type World } from "./forced-allow.ts";
import { needsBubblewrap } from "./needs-bwrap.ts";

needsBubblewrap();

const exists = (file: string) => access(file).then(() => true, () => false);

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`waited 10 s for ${what}`);
}

let world: World;
beforeAll(async () => {
  world = await makeWorld([]);
});
afterAll(() => world.cleanup());

describe("every process a call starts", () => {
  it("a background job: it cannot write outside, and says so in its own output", async () => {
    const done = path.join(world.ws, "bg-done.txt");
    // The session ends (and stops its jobs) only once the job has written that it is done.
    await runForcedAllow(world, [{ name: "background_run", input: { command: "touch ../outside/bg.txt 2> bg-err.txt; echo done > bg-done.txt" } }], {}, () => until(() => exists(done), "the background job"));
    expect(await exists(path.join(world.root, "outside", "bg.txt"))).toBe(false);
    expect(await readFile(path.join(world.ws, "bg-err.txt"), "utf8")).toContain("Read-only file system");
  });

  it("a command in a worktree: the worktree is writable (inside the workspace), the world outside is not", async () => {
    const { results } = await runForcedAllow(world, [
      { name: "worktree_create", input: { name: "wt1" } },
      { name: "worktree_run", input: { name: "wt1", command: "touch ../../../outside/wt.txt; echo made > inside.txt && cat inside.txt && git -c user.email=t@example.com -c user.name=t commit -q --allow-empty -m in-wt && git log --format=%s -1" } },
    ]);
    expect(results[0]!.isError).toBe(false);
    expect(results[1]!.content).toContain("Read-only file system");
    expect(results[1]!.content).toContain("made");
    expect(results[1]!.content).toContain("in-wt"); // git wrote the main repository's objects and refs: inside the workspace
    expect(await exists(path.join(world.root, "outside", "wt.txt"))).toBe(false);
  });
});

describe("the network", () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end("reached"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const fetchIt = () => `node -e "fetch('${url}').then(r => r.text()).then(t => console.log(t), e => console.log('no network:', e.cause?.code ?? e.message))"`;

  it("is off inside: this machine's own loopback cannot be reached", async () => {
    const { results } = await runForcedAllow(world, [fetchIt()]);
    expect(results[0]!.content).toMatch(/^no network: (ECONNREFUSED|ENETUNREACH)/);
  });

  it("control: without the sandbox the same command reaches the server", async () => {
    const { results } = await runForcedAllow(world, [fetchIt()], { sandbox: "false" });
    expect(results[0]!.content).toBe("reached\n");
  });
});
