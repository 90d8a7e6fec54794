/**
 * "ask", answered: y / n / a at a terminal; without one, a denial that says how to allow
 * the call. Driven through the agent, the real SDK and the simulator.
 */
import { access, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scriptedAgent, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { never, workspaceWith } from "./helpers.ts";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await workspaceWith({ permissions: { ask: ["Bash(git push *)"] } });
});
afterEach(() => ws.cleanup());

const exists = (name: string) => access(path.join(ws.dir, name)).then(() => true, () => false);

/** One response per command (each its own round), then "Done.". */
function rounds(...commands: string[]): string {
  const turns = commands.map((command) => ({ content: [{ type: "tool_use", name: "bash", input: { command } }] }));
  return JSON.stringify({ turns: [...turns, { content: [{ type: "text", text: "Done." }] }] });
}

/** An interactive agent whose person answers from `answers`, recording each question. */
async function askingAgent(script: string, answers: string[]) {
  const questions: string[] = [];
  const scripted = await scriptedAgent(lesson, script, ws.dir, {
    interactive: true,
    ask: async (question) => {
      questions.push(question);
      return answers.shift() ?? "n";
    },
  });
  await scripted.agent.run("go", never());
  const results = scripted.simulator.requests.slice(1).map((r) => toolResultsOf(r.body)[0]!);
  return { ...scripted, questions, results };
}

describe("at a terminal", () => {
  it("Ctrl-C while the question is open denies the call: nothing runs, even if a reply comes later", async () => {
    const controller = new AbortController();
    const script = JSON.stringify({
      turns: [
        { content: [{ type: "tool_use", name: "bash", input: { command: "touch late.txt" } }] },
        { expect: { lastUserIncludes: "cancelled (Ctrl-C) before anyone answered" }, content: [{ type: "text", text: "Stopped." }] },
      ],
    });
    const scripted = await scriptedAgent(lesson, script, ws.dir, {
      interactive: true,
      // The person is slow: Ctrl-C comes first; a "y" arrives after the question was withdrawn.
      ask: (_question, signal) =>
        new Promise((resolve) => {
          signal?.addEventListener("abort", () => setTimeout(() => resolve("y"), 10), { once: true });
          setTimeout(() => controller.abort(), 20);
        }),
    });
    await expect(scripted.agent.run("go", controller.signal)).rejects.toThrow();
    expect(await exists("late.txt")).toBe(false);
    // The next prompt carries the denial: the model learns the call never ran, and why.
    expect(await scripted.agent.run("never mind", never())).toBe("Stopped.");
  });

  it("y runs the call once; the next identical call is asked again", async () => {
    const { questions, results } = await askingAgent(rounds("touch a.txt", "touch a.txt"), ["y", "y"]);
    expect(questions).toHaveLength(2);
    expect(questions[0]).toContain('Permission needed: bash "touch a.txt"');
    expect(questions[0]).toContain("why: default mode asks before bash calls that no rule allows");
    expect(questions[0]).toMatch(/\[y\]es \/ \[n\]o \/ \[a\]lways this session \(Bash\(touch a\.txt\)\)/);
    expect(results.map((r) => r.isError)).toEqual([false, false]);
    expect(await exists("a.txt")).toBe(true);
  });

  it("n denies: the model reads why, and nothing runs", async () => {
    const { results } = await askingAgent(rounds("touch a.txt"), ["n"]);
    expect(results[0]).toMatchObject({ isError: true, content: expect.stringMatching(/^Denied: the user said no to bash "touch a.txt"/) });
    expect(await exists("a.txt")).toBe(false);
  });

  it("anything but y / a counts as no", async () => {
    const { results } = await askingAgent(rounds("touch a.txt"), ["maybe"]);
    expect(results[0]!.isError).toBe(true);
    expect(await exists("a.txt")).toBe(false);
  });

  it("a adds a session rule: the second identical call is not asked again, a different one is", async () => {
    const { questions, results, agent } = await askingAgent(rounds("touch a.txt", "touch a.txt", "touch b.txt"), ["a", "n"]);
    expect(questions).toHaveLength(2);
    expect(questions[1]).toContain('bash "touch b.txt"');
    expect(results.map((r) => r.isError)).toEqual([false, false, true]);
    const view = agent.commands!.find((c) => c.name === "permissions")!;
    expect(await view.run("")).toContain('Allowed for this session (you answered "always"):\n  allow  Bash(touch a.txt)');
  });

  it("a on a compound command remembers each part exactly", async () => {
    const { questions, results } = await askingAgent(rounds("mkdir -p d && touch d/x", "mkdir -p d && touch d/x"), ["a"]);
    expect(questions).toHaveLength(1);
    expect(questions[0]).toContain("(Bash(mkdir -p d), Bash(touch d/x))");
    expect(results.map((r) => r.isError)).toEqual([false, false]);
  });

  it("a on a command with $(...) allows it once: it cannot be remembered", async () => {
    const { questions, renderer } = await askingAgent(rounds("echo $(date) > d.txt", "echo $(date) > d.txt"), ["a", "n"]);
    expect(questions).toHaveLength(2);
    expect(questions[0]).toContain("this once: it cannot be remembered");
    expect(renderer.ofKind("notice").map((e) => e.text)).toContainEqual(expect.stringMatching(/^Allowed once: .*cannot be remembered/));
  });

  it("an ask rule asks even when the mode would allow", async () => {
    const { questions } = await askingAgent(rounds("git push origin main"), ["n"]);
    expect(questions[0]).toContain("why: the rule Bash(git push *) in permissions.ask of .claude/settings.json says to ask first");
  });

  it("for a file tool, a remembers the tool", async () => {
    const script = JSON.stringify({
      turns: [
        { content: [{ type: "tool_use", name: "write_file", input: { path: "a.js", content: "1" } }] },
        { content: [{ type: "tool_use", name: "write_file", input: { path: "b.js", content: "2" } }] },
        { content: [{ type: "text", text: "Done." }] },
      ],
    });
    const { questions, results } = await askingAgent(script, ["a"]);
    expect(questions).toHaveLength(1);
    expect(questions[0]).toContain("[a]lways this session (write_file)");
    expect(results.map((r) => r.isError)).toEqual([false, false]);
    expect(await readFile(path.join(ws.dir, "b.js"), "utf8")).toBe("2");
  });
});

describe("without a terminal", () => {
  const denial = async (script: string, flags: Record<string, string> = {}) => {
    let asked = false;
    const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir, {
      flags,
      ask: async () => {
        asked = true;
        return "y";
      },
    });
    await agent.run("go", never());
    expect(asked).toBe(false);
    return toolResultsOf(simulator.requests[1]!.body)[0]!;
  };

  it("ask becomes deny, with the exact rule that would allow it", async () => {
    const result = await denial(rounds("npm install && npm test"));
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/there is no one to ask: this session has no terminal/);
    expect(result.content).toContain('To allow it, add "Bash(npm install)", "Bash(npm test)" to permissions.allow in .claude/settings.json.');
    expect(result.content).toContain("Do not retry the same call");
  });

  it("for a file edit it also suggests acceptEdits", async () => {
    const result = await denial(JSON.stringify({
      turns: [{ content: [{ type: "tool_use", name: "write_file", input: { path: "src/a.js", content: "" } }] }, { content: [{ type: "text", text: "ok" }] }],
    }));
    expect(result.content).toContain('add "Edit(src/a.js)" to permissions.allow in .claude/settings.json, or run with --permission-mode acceptEdits.');
    expect(await exists("src/a.js")).toBe(false);
  });

  it("an ask rule cannot be answered: it says to remove the rule or use a terminal", async () => {
    const result = await denial(rounds("git push origin main"), { "permission-mode": "bypassPermissions" });
    expect(result.content).toMatch(/needs a person's yes: run it at a terminal, or remove that rule from permissions.ask/);
  });

  it("/permissions shows the mode, the rules and where they came from", async () => {
    const { agent } = await scriptedAgent(lesson, rounds(), ws.dir, { flags: { "permission-mode": "acceptEdits" } });
    const text = String(await agent.commands!.find((c) => c.name === "permissions")!.run(""));
    expect(text).toContain("Mode: acceptEdits — allows file edits inside the workspace, and mv, cp, touch, mkdir there; asks before other bash");
    expect(text).toContain("Rules from .claude/settings.json (checked deny → ask → allow):\n  ask    Bash(git push *)");
    expect(text).toContain("Always refused (the refuse-list, every mode): rm -rf /, rm .*, sudo");
    expect(text).toContain("Always asked, a person must say yes (protected paths, every mode): .claude/, .git/");
    expect(text).toContain("  and the harness's own state, changed by a command or a file tool: .tasks/, .team/, .worktrees/index.json");
  });
});
