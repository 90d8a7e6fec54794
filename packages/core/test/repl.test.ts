import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { PromptQueue } from "../src/runtime/agent/prompt-queue.ts";
import type { Agent, SlashCommand } from "../src/runtime/lesson.ts";
import { Repl, type ReplOptions } from "../src/app/repl.ts";
import { RecordingRenderer } from "../src/testing/index.ts";

/** An agent that records prompts; a prompt "slow" waits until cancelled. */
function fakeAgent() {
  const prompts: string[] = [];
  let cleared = 0;
  let closed = false;
  const agent: Agent = {
    anatomy: () => ({ tools: [], hooks: [], promptSections: [], commands: ["count"] }),
    async run(prompt, signal) {
      prompts.push(prompt);
      if (prompt === "slow") {
        await new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true }));
      }
      return `answer to ${prompt}`;
    },
    submitted: new PromptQueue(),
    clear: () => void cleared++,
    close: async () => void (closed = true),
    commands: [{ name: "count", description: "how many prompts", run: () => `prompts: ${prompts.length}` }],
  };
  return { agent, prompts, cleared: () => cleared, closed: () => closed };
}

function start(terminal: boolean, commands: SlashCommand[] = [], more: Partial<ReplOptions> = {}) {
  const input = new PassThrough();
  const output = new PassThrough();
  let text = "";
  output.on("data", (c: Buffer) => (text += c.toString()));
  const fake = fakeAgent();
  fake.agent.commands!.push(...commands);
  const renderer = new RecordingRenderer();
  const repl = new Repl({ agent: fake.agent, renderer, input, output, terminal, demoPrompts: ["demo one"], ...more });
  const done = repl.start();
  return { input, output: () => text, fake, renderer, done, repl };
}

const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms));

describe("the REPL", () => {
  it("runs a prompt submitted during a turn after that turn, says where it came from; bare exit leaves", async () => {
    const r = start(false);
    r.input.write("slow\n");
    await tick();
    r.fake.agent.submitted!.push("the job finished", { source: "background job 1" });
    r.repl.interrupt(); // ends the slow turn; the submitted prompt is next, not lost
    await tick(50);
    r.input.end("exit\nnever\n");
    await r.done;
    expect(r.fake.prompts).toEqual(["slow", "the job finished"]);
    expect(r.renderer.ofKind("notice").map((n) => n.text)).toContain("A turn started by background job 1: the job finished");
  });

  it("runs piped lines in order, skips empty lines, and ends at end of input", async () => {
    const r = start(false);
    r.input.end("first\n\n   \nsecond\n/count\n");
    await r.done;
    expect(r.fake.prompts).toEqual(["first", "second"]);
    expect(r.output()).toContain("prompts: 2");
    expect(r.fake.closed()).toBe(true);
  });

  it("stops at /exit and ignores what follows", async () => {
    const r = start(false);
    r.input.end("one\n/exit\ntwo\n");
    await r.done;
    expect(r.fake.prompts).toEqual(["one"]);
  });

  it("/clear forgets, /help lists every command, an unknown command says so", async () => {
    const r = start(false);
    r.input.end("/clear\n/help\n/nope\n");
    await r.done;
    expect(r.fake.cleared()).toBe(1);
    for (const name of ["/help", "/clear", "/exit", "/count", "/demo"]) expect(r.output()).toContain(name);
    expect(r.renderer.ofKind("error").map((e) => e.text)).toEqual([expect.stringContaining("Unknown command /nope")]);
  });

  it("/demo sends the next demo prompt", async () => {
    const r = start(false);
    r.input.end("/demo\n/demo\n");
    await r.done;
    expect(r.fake.prompts).toEqual(["demo one"]);
    expect(r.output()).toContain("No demo prompts left");
  });

  it("/demo on a used workspace sends nothing and says why; asked again after /clear, it goes ahead", async () => {
    let used = true;
    const asked: number[] = [];
    const r = start(false, [], { beforeDemo: async () => (asked.push(1), used ? "This workspace is not the fresh one…" : undefined) });
    r.input.write("/demo\n");
    await tick();
    expect(r.fake.prompts).toEqual([]);
    expect(r.renderer.ofKind("error").map((e) => e.text)).toEqual(["/demo sent nothing. This workspace is not the fresh one…"]);
    used = false; // `pnpm reset` in another terminal
    r.input.end("/demo\n/clear\n/demo\n");
    await r.done;
    expect(r.fake.prompts).toEqual(["demo one", "demo one"]);
    expect(asked).toHaveLength(3); // before each first prompt of the script; never mid-script
  });

  it("Ctrl-C during a turn cancels it and the session goes on", async () => {
    const r = start(true);
    r.input.write("slow\n");
    await tick();
    expect(r.fake.prompts).toEqual(["slow"]);
    r.input.write("\x03"); // what the terminal sends for Ctrl-C
    await tick();
    expect(r.renderer.ofKind("notice").map((e) => e.text)).toEqual([expect.stringContaining("Interrupted")]);
    r.input.write("after\n");
    await tick();
    expect(r.fake.prompts).toEqual(["slow", "after"]);
    r.input.write("/exit\n");
    await r.done;
  });

  it("Ctrl-C twice at the prompt exits; an empty line does not", async () => {
    const r = start(true);
    r.input.write("\n\n");
    await tick();
    r.input.write("\x03");
    await tick();
    expect(r.output()).toContain("Press Ctrl-C again to exit");
    r.input.write("\x03");
    await r.done;
    expect(r.fake.prompts).toEqual([]);
    expect(r.fake.closed()).toBe(true);
  });

  it("asks questions one at a time, even when two come at once", async () => {
    const r = start(true);
    const first = r.repl.ask("Allow A? ");
    const second = r.repl.ask("Allow B? ");
    await tick();
    expect(r.output()).toContain("Allow A? ");
    expect(r.output()).not.toContain("Allow B? ");
    r.input.write("y\n");
    expect(await first).toBe("y");
    await tick();
    expect(r.output()).toContain("Allow B? ");
    r.input.write("n\n");
    expect(await second).toBe("n");
    expect(r.fake.prompts).toEqual([]); // answers are not prompts
    r.input.write("/exit\n");
    await r.done;
  });

  it("a question quoting the model's call shows no escape sequence of it: the call cannot redraw the question", async () => {
    const r = start(true);
    const answer = r.repl.ask('Permission needed: bash "ls \x1b[2A\x1b[2K\x1b]52;c;cm0gLXJm\x07"\nAllow? ');
    await tick();
    expect(r.output()).toContain('Permission needed: bash "ls "\nAllow? ');
    expect(r.output()).not.toMatch(/\x1b\[2A|\x1b\]52|\x07/);
    r.input.write("n\n");
    expect(await answer).toBe("n");
    r.input.write("/exit\n");
    await r.done;
  });

  it("Ctrl-C withdraws an open question: the answer is empty and the next line is a prompt again", async () => {
    const r = start(true);
    const controller = new AbortController();
    const answer = r.repl.ask("Allow? ", controller.signal);
    await tick();
    controller.abort();
    expect(await answer).toBe("");
    r.input.write("hello\n");
    await tick();
    expect(r.fake.prompts).toEqual(["hello"]);
    r.input.write("/exit\n");
    await r.done;
  });

  it("a command that returns { prompt } runs it as a turn at once, says what it expanded to, then calls onEnd", async () => {
    const ended: string[] = [];
    const r = start(false, [
      {
        name: "review",
        description: "review a file",
        run: (args) => ({ prompt: `Review ${args} carefully.\nList every problem.`, onEnd: () => ended.push(`after ${r.fake.prompts.length}`) }),
      },
    ]);
    r.input.end("/review src/a.ts\nnext\n");
    await r.done;
    expect(r.fake.prompts).toEqual(["Review src/a.ts carefully.\nList every problem.", "next"]);
    expect(ended).toEqual(["after 1"]); // after its own turn, before the next one
    expect(r.output()).toContain("/review → Review src/a.ts carefully. (2 lines, 46 chars)");
  });

  it("a command's turn that fails or is cancelled still calls onEnd; a command that throws is reported", async () => {
    let ended = 0;
    const r = start(true, [
      { name: "slowly", description: "", run: () => ({ prompt: "slow", onEnd: () => void ended++ }) },
      { name: "broken", description: "", run: () => Promise.reject(new Error("no such template")) },
    ]);
    r.input.write("/slowly\n");
    await tick();
    expect(r.fake.prompts).toEqual(["slow"]);
    expect(ended).toBe(0);
    r.input.write("\x03");
    await tick();
    expect(ended).toBe(1);
    r.input.write("/broken\n");
    await tick();
    expect(r.renderer.ofKind("error").map((e) => e.text)).toContain("no such template");
    expect(r.fake.prompts).toEqual(["slow"]);
    r.input.write("/exit\n");
    await r.done;
  });

  it("shows an API error and keeps going", async () => {
    const r = start(false);
    const seen: string[] = [];
    r.fake.agent.run = async (prompt) => {
      seen.push(prompt);
      if (prompt === "bad") throw new Error("The API answered 500 api_error: boom");
      return "ok";
    };
    r.input.end("bad\ngood\n");
    await r.done;
    expect(r.renderer.ofKind("error").map((e) => e.text)).toEqual(["The API answered 500 api_error: boom"]);
    expect(seen).toEqual(["bad", "good"]);
  });
});
