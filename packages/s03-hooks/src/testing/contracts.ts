/**
 * The guarantees s03 introduces, as contracts every later lesson re-runs against its own
 * agent: the refuse-list holds in every mode, a denied or blocked call has no side effect,
 * and every tool_use still gets exactly one result, in order, whatever the hooks did.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  expectPaired,
  literalEditContract,
  pathSafetyContract,
  runRounds,
  toolResultPairingContract,
  type ContractLesson,
  type TempWorkspace,
} from "@learn/core/testing";
import { PERMISSION_MODES } from "@learn/claude-code-files";
import { hooksFor, shellHook, workspaceWith, writeSettings } from "./settings-files.ts";

/**
 * The time limit of the hook that sleeps: only that hook has one this short, and nothing waits
 * on it but the timeout itself, so the case holds however slowly a loaded machine starts hooks.
 */
const SLOW_HOOK_TIMEOUT_S = 1;

/** Contract options that let every call past the permission prompt: the call reaches the tool. */
export const BYPASS = { agentOverrides: { flags: { "permission-mode": "bypassPermissions" } } };

/**
 * Every contract from s02 on, for a lesson built on s03: s02's file-tool contracts (in
 * bypassPermissions, so a call about paths reaches the path check instead of stopping at a
 * permission prompt) and s03's own. The whole sweep runs where the guarantees are made (s03)
 * and on the last lesson's agent, which holds every lesson's parts (s12).
 */
export function contractsSinceS02(lesson: ContractLesson): void {
  pathSafetyContract(lesson, BYPASS);
  literalEditContract(lesson, BYPASS);
  toolResultPairingContract(lesson, BYPASS);
  permissionContracts(lesson);
}

/**
 * The contracts a lesson between s03 and s12 re-runs against its own agent. Its parts are new
 * tools, hooks and wrappers around the same file tools and the same policy, so the full sweep
 * (every path case in every mode) would test the same code again; what its parts can break is
 * that every tool_use gets exactly one result, in order, and that a denial or a blocking hook
 * still stops the call: those run here, on this lesson's agent.
 */
export function compositionContracts(lesson: ContractLesson): void {
  toolResultPairingContract(lesson, BYPASS);
  permissionContracts(lesson, { sweep: false });
}

/** s03's contracts; `sweep: false` keeps one case of each (the default mode, a blocking hook, one mixed response). */
export function permissionContracts(lesson: ContractLesson, { sweep = true } = {}): void {
  let ws: TempWorkspace | undefined;
  afterEach(() => ws?.cleanup());

  const ORIGINAL = "const answer = 41;\n";
  const filesOf = async () => (await readdir(ws!.dir)).sort();
  const runIn = (calls: { name: string; input: Record<string, unknown> }[], mode: string) =>
    runRounds(lesson, ws!.dir, [calls], { agentOverrides: { flags: { "permission-mode": mode } } });

  describe("contract (s03): the refuse-list holds in every mode, whatever the rules allow", () => {
    for (const mode of sweep ? PERMISSION_MODES : (["default"] as const)) {
      it(`${mode}: refused commands never run`, async () => {
        ws = await workspaceWith({ permissions: { allow: ["Bash", "Bash(sudo *)"] } });
        const before = await filesOf();
        const { results, requests } = await runIn(
          [
            { name: "bash", input: { command: "sudo touch sudo.txt" } },
            { name: "bash", input: { command: "touch first.txt && reboot" } },
            { name: "bash", input: { command: "mkfs.ext4 disk.img; touch mkfs.txt" } },
          ],
          mode,
        );
        expectPaired(requests);
        expect(results.map((r) => r.isError)).toEqual([true, true, true]);
        for (const r of results) expect(r.content).toMatch(/^Denied: the command contains ".+", which this harness never runs\.$/);
        expect(await filesOf()).toEqual(before);
      });
    }
  });

  describe("contract (s03): a denied or blocked call has no side effect", () => {
    const write = { name: "write_file", input: { path: "new.js", content: "x" } };
    const edit = { name: "edit_file", input: { path: "app.js", old_text: "41", new_text: "42" } };
    const touch = { name: "bash", input: { command: "touch touched.txt && echo changed > app.js" } };

    const cases: { what: string; settings: object; mode: string }[] = [
      { what: "deny rules", settings: { permissions: { deny: ["Edit", "Bash(touch *)"] } }, mode: "bypassPermissions" },
      { what: "plan mode", settings: { permissions: { allow: ["Edit", "Bash"] } }, mode: "plan" },
      { what: "an ask with no terminal", settings: {}, mode: "default" },
      { what: "an ask rule with no terminal", settings: { permissions: { ask: ["Edit", "Bash"] } }, mode: "bypassPermissions" },
    ];
    for (const c of sweep ? cases : cases.slice(0, 1)) {
      it(`${c.what}: no file written, edited, or command run`, async () => {
        ws = await workspaceWith(c.settings, { "app.js": ORIGINAL });
        const { results, requests } = await runIn([write, edit, touch], c.mode);
        expectPaired(requests);
        expect(results.map((r) => r.isError)).toEqual([true, true, true]);
        expect(results.every((r) => r.content.startsWith("Denied: "))).toBe(true);
        expect(await filesOf()).toEqual([".claude", "app.js"]);
        expect(await readFile(path.join(ws.dir, "app.js"), "utf8")).toBe(ORIGINAL);
      });
    }

    it("a PreToolUse hook that exits 2: nothing written or run", async () => {
      ws = await workspaceWith(undefined, { "app.js": ORIGINAL });
      const command = await shellHook(ws.dir, "block.sh", `cat > /dev/null\nprintf frozen >&2\nexit 2`);
      await writeSettings(ws.dir, { hooks: hooksFor("PreToolUse", command) });
      const { results } = await runIn([write, edit, touch], "bypassPermissions");
      expect(results.map((r) => r.content)).toEqual(Array(3).fill('Denied: the PreToolUse hook "sh .claude/hooks/block.sh" blocked it: frozen'));
      expect(await filesOf()).toEqual([".claude", "app.js"]);
      expect(await readFile(path.join(ws.dir, "app.js"), "utf8")).toBe(ORIGINAL);
    });
  });

  describe("contract (s03): every tool_use gets exactly one result, in order, whatever the hooks did", () => {
    it("allowed, denied by a rule, blocked by a hook, timed-out hook, invalid input — in one response", async () => {
      ws = await workspaceWith(undefined, { "notes.txt": "hello\n" });
      // Two hooks on every bash call, run side by side: the gate blocks one command (with the
      // default time limit, so a slow start cannot turn its block into a timeout); the other
      // sleeps on another command until its own short limit stops it.
      const gate = await shellHook(ws.dir, "gate.sh", `case "$(cat)" in *'"command":"echo blocked"'*) printf 'not this one' >&2; exit 2 ;; esac`);
      const slow = await shellHook(ws.dir, "slow.sh", `case "$(cat)" in *'"command":"echo slow"'*) sleep 300 ;; esac`);
      const hooks = [{ type: "command", command: gate }, { type: "command", command: slow, timeout: SLOW_HOOK_TIMEOUT_S }];
      await writeSettings(ws.dir, { permissions: { deny: ["Bash(echo denied)"] }, hooks: { PreToolUse: [{ matcher: "bash", hooks }] } });
      const { results, requests } = await runIn(
        [
          { name: "read_file", input: { path: "notes.txt" } },
          { name: "bash", input: { command: "echo denied" } },
          { name: "bash", input: { command: "echo blocked" } },
          { name: "bash", input: { command: "echo slow" } },
          { name: "bash", input: { cmd: "echo oops" } },
          { name: "bash", input: { command: "echo fine" } },
        ],
        "bypassPermissions",
      );
      expectPaired(requests);
      expect(results.map((r) => [r.isError, r.content.split("\n")[0]])).toEqual([
        [false, expect.stringContaining("hello")],
        [true, expect.stringMatching(/^Denied: .*Bash\(echo denied\)/)],
        [true, expect.stringMatching(/^Denied: .*blocked it: not this one/)],
        [false, "slow"],
        [true, expect.stringMatching(/^Invalid input for bash/)],
        [false, "fine"],
      ]);
    });
  });
}
