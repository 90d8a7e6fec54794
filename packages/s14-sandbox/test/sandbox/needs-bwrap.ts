/** What every test in this folder needs, said first: a sandbox that starts. No skip: without one these tests fail, and say why. */
import { beforeAll } from "vitest";
import { probeSandbox } from "../../src/index.ts";

export function needsBubblewrap(): void {
  beforeAll(async () => {
    const probe = await probeSandbox(process.cwd());
    if (!probe.available) throw new Error(`These tests need a working bubblewrap (apt-get install bubblewrap socat ripgrep; user namespaces on): ${probe.reason}`);
  });
}
