/**
 * The shared screen: agents running at once keep their lines whole and named, one spinner
 * serves them all and leaves nothing behind, and secrets never reach the stream.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { scriptedModel } from "../src/testing/index.ts";
import { paletteFor } from "../src/app/ui/colors.ts";
import { Screen, TerminalRenderer, type ScreenStream } from "../src/app/ui/renderer.ts";
import type { Message } from "../src/runtime/protocol.ts";

/** A stream that records every write, as a terminal (`isTTY`) or a pipe. */
function fakeStream(isTTY: boolean, columns = 80) {
  const writes: string[] = [];
  const out = { isTTY, columns, write: (chunk: string) => writes.push(chunk) > 0 } as unknown as ScreenStream;
  return { out, writes, text: () => writes.join("") };
}

/**
 * What a terminal would show after these writes: `\r` goes to the start of the line,
 * `ESC[2K` blanks it, `\n` starts the next one. Spinner debris would stay visible here.
 */
function visible(raw: string): string[] {
  const rows: string[] = [""];
  let col = 0;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (raw.startsWith("\x1b[2K", i)) {
      rows[rows.length - 1] = "";
      i += 3;
    } else if (ch === "\r") col = 0;
    else if (ch === "\n") {
      rows.push("");
      col = 0;
    } else {
      const row = rows[rows.length - 1]!;
      rows[rows.length - 1] = row.slice(0, col) + ch + row.slice(col + 1);
      col++;
    }
  }
  if (rows.at(-1) === "") rows.pop();
  return rows;
}

const plain = paletteFor({ isTTY: false });

function response(input = 10, output = 5): Message {
  return { usage: { input_tokens: input, output_tokens: output }, stop_reason: "end_turn" } as Message;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("agents streaming at once", () => {
  it("print whole lines, each with its teammate's name", () => {
    const s = fakeStream(false);
    const lead = new TerminalRenderer(new Screen(s.out, { palette: plain }));
    const alice = lead.teammate("alice");
    const bob = lead.teammate("bob");
    alice.modelStart();
    bob.modelStart();
    alice.text("Hello fr");
    bob.text("Checking the ");
    alice.text("om alice\nSecond");
    bob.text("tests now.\nAll ");
    alice.text(" line");
    bob.text("green.");
    bob.modelEnd(response());
    alice.modelEnd(response());
    expect(visible(s.text())).toEqual([
      "[alice] Hello from alice",
      "[bob] Checking the tests now.",
      "[bob] All green.",
      "[bob]   [tokens: 10 in, 5 out]",
      "[alice] Second line",
      "[alice]   [tokens: 10 in, 5 out]",
    ]);
    // No write ever carries half of one agent's line next to another agent's text.
    for (const line of s.text().split("\n").filter(Boolean)) expect(line).toMatch(/^\[(alice|bob)\] /);
  });

  it("streams a lone agent live, a word at a time", () => {
    const s = fakeStream(false);
    const lead = new TerminalRenderer(new Screen(s.out, { palette: plain }));
    lead.modelStart();
    lead.text("Let me lo");
    expect(s.text()).toBe("Let me ");
    lead.text("ok.");
    lead.modelEnd(response());
    expect(visible(s.text())).toEqual(["Let me look.", "  [tokens: 10 in, 5 out]"]);
  });

  it("holds a teammate's tool call until the live line is whole", () => {
    const s = fakeStream(false);
    const lead = new TerminalRenderer(new Screen(s.out, { palette: plain }));
    const alice = lead.teammate("alice");
    lead.text("Waiting for the ");
    alice.toolCall("bash", { command: "ls" });
    expect(s.text()).toBe("Waiting for the ");
    lead.text("team.\n");
    expect(visible(s.text())).toEqual(["Waiting for the team.", "[alice] ⏺ bash ls"]);
  });

  it("prints lines from nobody in particular (a banner) after the live line too", () => {
    const s = fakeStream(false);
    const screen = new Screen(s.out, { palette: plain });
    const lead = new TerminalRenderer(screen);
    lead.text("Almost ");
    screen.print("> next prompt");
    lead.text("done.\n");
    expect(visible(s.text())).toEqual(["Almost done.", "> next prompt"]);
  });

  it("ends a half line when its model call fails (the empty delta)", () => {
    const s = fakeStream(false);
    const lead = new TerminalRenderer(new Screen(s.out, { palette: plain }));
    const bob = lead.teammate("bob");
    lead.text("Half a");
    lead.text(" thought");
    bob.notice("bob waits");
    lead.text(""); // what Model sends when a call ends, however it ends
    expect(visible(s.text())).toEqual(["Half a thought", "[bob] ● bob waits"]);
  });

  it("colours a teammate's name the same way every time, and not at all on a pipe", () => {
    const tty = fakeStream(true);
    const colored = paletteFor({ isTTY: true }, {});
    const one = new TerminalRenderer(new Screen(tty.out, { palette: colored })).teammate("alice");
    one.notice("hi");
    one.notice("again");
    const [first, second] = tty.text().split("\n");
    expect(first).toMatch(/^\x1b\[3\dm\[alice\]\x1b\[39m /);
    expect(second!.slice(0, 15)).toBe(first!.slice(0, 15));
    const pipe = fakeStream(false);
    new TerminalRenderer(new Screen(pipe.out, { palette: plain })).teammate("alice").notice("hi");
    expect(pipe.text()).toBe("[alice] ● hi\n");
  });
});

describe("a subagent", () => {
  it("writes whole lines indented under its parent's call", () => {
    const s = fakeStream(false);
    const lead = new TerminalRenderer(new Screen(s.out, { palette: plain }));
    lead.toolCall("task", { prompt: "find the tests" }, "t1");
    const sub = lead.child("explore");
    sub.text("Looking");
    sub.text(" around.\n");
    sub.toolCall("glob", { pattern: "**/*.test.js" });
    sub.toolResult("glob", { content: "a.test.js\nb.test.js", isError: false });
    sub.modelEnd(response(3, 2));
    lead.toolResult("task", { content: "Two test files.", isError: false }, "t1");
    expect(visible(s.text())).toEqual([
      "⏺ task find the tests",
      "↳ explore",
      "    Looking around.",
      "    ⏺ glob **/*.test.js",
      "      ⎿ a.test.js",
      "      ⎿ b.test.js",
      "      [tokens: 3 in, 2 out]",
      "  ⎿ [task find the tests] Two test files.",
    ]);
  });
});

describe("tool results", () => {
  it("show a tool's own screen text whole, instead of a preview of what the model reads", () => {
    const s = fakeStream(false);
    const lead = new TerminalRenderer(new Screen(s.out, { palette: plain }));
    const plan = Array.from({ length: 8 }, (_, i) => `[ ] step ${i + 1}`).join("\n");
    lead.toolCall("todo_write", { todos: [] });
    lead.toolResult("todo_write", { content: `The plan is now:\n${plan}`, isError: false, display: plan });
    expect(visible(s.text())).toEqual([
      expect.stringMatching(/^⏺ todo_write/),
      "  ⎿ [ ] step 1",
      ...Array.from({ length: 7 }, (_, i) => `  ⎿ [ ] step ${i + 2}`),
    ]);
  });

  it("sit unlabelled right under their own call, and name their call anywhere else", () => {
    const s = fakeStream(false);
    const lead = new TerminalRenderer(new Screen(s.out, { palette: plain }));
    lead.toolCall("bash", { command: "ls" });
    lead.toolResult("bash", { content: "a.txt", isError: false });
    lead.toolCall("read_file", { path: "a.txt" }, "t1");
    lead.toolCall("read_file", { path: "b.txt" }, "t2");
    lead.toolResult("read_file", { content: "B", isError: false }, "t2");
    lead.toolResult("read_file", { content: "A", isError: false }, "t1");
    expect(visible(s.text())).toEqual([
      "⏺ bash ls",
      "  ⎿ a.txt",
      "⏺ read_file a.txt",
      "⏺ read_file b.txt",
      "  ⎿ B",
      "  ⎿ [read_file a.txt] A",
    ]);
  });

  it("without ids, two calls of one tool are not guessed apart", () => {
    const s = fakeStream(false);
    const lead = new TerminalRenderer(new Screen(s.out, { palette: plain }));
    lead.toolCall("read_file", { path: "a.txt" });
    lead.toolCall("read_file", { path: "b.txt" });
    lead.toolResult("read_file", { content: "B", isError: false });
    lead.toolResult("read_file", { content: "A", isError: false });
    expect(visible(s.text()).slice(2)).toEqual(["  ⎿ [read_file] B", "  ⎿ [read_file] A"]);
  });
});

describe("the spinner", () => {
  it("is one for all agents of a screen, says who waits, and leaves no debris", () => {
    vi.useFakeTimers();
    const s = fakeStream(true);
    const lead = new TerminalRenderer(new Screen(s.out, { palette: plain }));
    const alice = lead.teammate("alice");
    lead.modelStart();
    alice.modelStart();
    alice.status("Running the tests");
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(200);
    expect(s.writes.at(-1)).toMatch(/thinking… · alice: Running the tests$/);
    lead.text("Hello ");
    vi.advanceTimersByTime(200); // mid-line: no frame may be drawn over the half line
    lead.text("there.\n");
    vi.advanceTimersByTime(200); // alice still waits: the spinner is back on the next line
    expect(s.writes.at(-1)).toMatch(/alice: Running the tests$/);
    lead.modelEnd(response());
    alice.notice("halfway");
    vi.advanceTimersByTime(200);
    alice.text("");
    vi.advanceTimersByTime(200);
    expect(vi.getTimerCount()).toBe(0);
    expect(visible(s.text())).toEqual(["Hello there.", "  [tokens: 10 in, 5 out]", "[alice] ● halfway"]);
  });

  it("is not drawn over the REPL's prompt: a teammate thinking between the lead's turns turns no spinner there", () => {
    vi.useFakeTimers();
    const s = fakeStream(true);
    const screen = new Screen(s.out, { palette: plain });
    const lead = new TerminalRenderer(screen);
    const alice = lead.teammate("alice");
    alice.modelStart();
    vi.advanceTimersByTime(200);
    expect(s.writes.at(-1)).toMatch(/alice: thinking…$/);
    screen.showingPrompt(() => s.out.write("> typed"));
    s.out.write("> typed");
    expect(vi.getTimerCount()).toBe(0); // stopped, and erased before the prompt was drawn
    vi.advanceTimersByTime(1000);
    expect(visible(s.text())).toEqual(["> typed"]);
    screen.dropPrompt(); // a turn starts: the spinner may turn again
    expect(vi.getTimerCount()).toBe(1);
    alice.modelEnd(response());
  });

  it("is never drawn on a pipe", () => {
    vi.useFakeTimers();
    const s = fakeStream(false);
    const lead = new TerminalRenderer(new Screen(s.out, { palette: plain }));
    lead.modelStart();
    vi.advanceTimersByTime(500);
    lead.text("");
    lead.notice("done");
    expect(s.text()).toBe("● done\n");
  });

  it("is cut to the terminal's width, so erasing it leaves nothing", () => {
    vi.useFakeTimers();
    const s = fakeStream(true, 20);
    const lead = new TerminalRenderer(new Screen(s.out, { palette: plain }));
    lead.status("Refactoring the whole cart module carefully");
    lead.modelStart();
    vi.advanceTimersByTime(100);
    const frame = s.writes.at(-1)!.replace("\r\x1b[2K", "");
    expect([...frame].length).toBeLessThan(20);
    lead.text("");
    expect(visible(s.text())).toEqual([]);
  });

  it("is shared by renderers made from the same stream", () => {
    vi.useFakeTimers();
    const s = fakeStream(true);
    const one = new TerminalRenderer(s.out);
    const two = new TerminalRenderer(s.out);
    one.modelStart();
    two.modelStart();
    expect(vi.getTimerCount()).toBe(1);
    one.text("");
    two.text("");
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("scrubbing", () => {
  const SECRET = "sk-ant-test-0123456789";
  const scrub = (text: string) => text.replaceAll(SECRET, "[REDACTED]");

  it("removes a secret from lines, streamed text split mid-secret, and the spinner", () => {
    vi.useFakeTimers();
    const s = fakeStream(true);
    const lead = new TerminalRenderer(new Screen(s.out, { palette: plain, scrub }));
    lead.status(`checking ${SECRET}`);
    lead.modelStart();
    vi.advanceTimersByTime(100);
    lead.text("The key is sk-ant-te");
    lead.text("st-0123456789 and it ");
    lead.text("was echoed.\n");
    lead.teammate("alice").notice(`endpoint said: ${SECRET}`);
    lead.toolCall("bash", { command: `echo ${SECRET}` });
    expect(s.text()).not.toContain(SECRET);
    expect(s.text()).not.toContain("0123456789");
    expect(visible(s.text())).toEqual([
      "The key is [REDACTED] and it was echoed.",
      "[alice] ● endpoint said: [REDACTED]",
      "⏺ bash echo [REDACTED]",
    ]);
    expect(s.writes.some((w) => w.includes("checking [REDACTED]"))).toBe(true);
  });

  it("scrubs before cutting a long input or result short, so no half secret survives the cut", () => {
    const s = fakeStream(false);
    const lead = new TerminalRenderer(new Screen(s.out, { palette: plain, scrub }));
    lead.toolCall("bash", { command: `${"x".repeat(180)} ${SECRET}`, timeout: 5 });
    lead.toolResult("bash", { content: `${"y".repeat(490)}${SECRET}`, isError: false });
    expect(s.text()).not.toContain("sk-ant");
    expect(s.text()).toContain("[REDACTED]");
  });
});

describe("control sequences from a model, a tool or a file", () => {
  /** Text with every trick a terminal obeys: clipboard write, clear screen, cursor up, title, bell, C1 CSI, backspace. */
  const HOSTILE = "a\x1b]52;c;ZWNobyBvd25lZA==\x07b\x1b[2Jc\x1b[1A\rd\x1b]0;title\x1b\\e\x07f\x9b2Jg\bh\x1bPq#0\x1b\\i";
  const colored = paletteFor({ isTTY: true }, { FORCE_COLOR: "1" });
  /** Any escape sequence that is not one of the palette's colours, or any control but newline and tab. */
  const FOREIGN = /\x1b(?!\[(?:1|2|22|3[1-69])m)|[\x00-\x08\x0b-\x1a\x1c-\x1f\x7f-\x9f]/;

  it("never reach the terminal: model text, a tool's call and result, a notice, a teammate's line — the harness's colours stay", () => {
    const s = fakeStream(false);
    const lead = new TerminalRenderer(new Screen(s.out, { palette: colored }));
    lead.text(`${HOSTILE} `);
    lead.text("end\n");
    lead.toolCall("todo_write", `1 item: ${HOSTILE}`);
    lead.toolResult("read_file", { content: HOSTILE, isError: false });
    lead.notice(HOSTILE);
    lead.teammate("alice").text(`${HOSTILE}\n`);
    expect(s.text()).not.toMatch(FOREIGN);
    expect(s.text()).toContain("abcdefghi end\n");
    expect(s.text()).toContain(`${colored.cyan("⏺")} ${colored.bold("todo_write")} ${colored.dim("1 item: abcdefghi")}`);
    expect(s.text()).toContain(colored.yellow("● abcdefghi"));
  });

  it("a sequence split between two streamed pieces is not put back together", () => {
    const s = fakeStream(false);
    const lead = new TerminalRenderer(new Screen(s.out, { palette: plain }));
    lead.text("one \x1b");
    lead.text("]52;c;AAAA\x07 two \x1b[");
    lead.text("2J three\n");
    expect(s.text()).not.toMatch(FOREIGN);
  });

  it("never reach the spinner: a plan item (todo_write content) shown while the agent waits", () => {
    vi.useFakeTimers();
    const s = fakeStream(true);
    const lead = new TerminalRenderer(new Screen(s.out, { palette: plain }));
    lead.status(`Step ${HOSTILE}`);
    lead.modelStart();
    vi.advanceTimersByTime(100);
    const frames = s.writes.map((w) => w.replaceAll("\r\x1b[2K", ""));
    expect(frames.join("")).not.toMatch(FOREIGN);
    expect(frames.at(-1)).toMatch(/Step abcdefghi$/);
    lead.text("");
  });

  it("the --print answer and a permission question go through the same cleaning", () => {
    const s = fakeStream(true);
    const screen = new Screen(s.out, { palette: plain });
    screen.print(HOSTILE);
    expect(s.text()).toBe("abcdefghi\n");
    expect(screen.clean(`Allow bash "${HOSTILE}"?`)).toBe('Allow bash "abcdefghi"?');
  });
});

describe("two agents on the real SDK", () => {
  it("stream their answers at once as whole, named lines", async () => {
    const s = fakeStream(false);
    const lead = new TerminalRenderer(new Screen(s.out, { palette: plain }));
    const { model } = scriptedModel(`
turns:
  - agent: alice
    content: [ { type: text, text: "Alice reads the cart module.\\nThe total is wrong." } ]
  - agent: bob
    content: [ { type: text, text: "Bob runs the tests.\\nTwo of them fail." } ]
`);
    const request = { messages: [{ role: "user" as const, content: "go" }] };
    await Promise.all([
      model.forAgent("alice", lead.teammate("alice")).call(request),
      model.forAgent("bob", lead.teammate("bob")).call(request),
    ]);
    const lines = visible(s.text()).filter((l) => !l.includes("[tokens:"));
    expect(lines.filter((l) => l.startsWith("[alice] "))).toEqual(["[alice] Alice reads the cart module.", "[alice] The total is wrong."]);
    expect(lines.filter((l) => l.startsWith("[bob] "))).toEqual(["[bob] Bob runs the tests.", "[bob] Two of them fail."]);
    expect(lines).toHaveLength(4);
  });
});

describe("the REPL's prompt on the last line", () => {
  it("a line printed between turns takes the prompt's place, and the prompt (with what was typed) is drawn again below it", () => {
    const { out, text } = fakeStream(true);
    const screen = new Screen(out, { palette: paletteFor({ isTTY: false }) });
    const lane = screen.lane();
    out.write("> half-typ");
    screen.showingPrompt(() => out.write("> half-typ"));
    screen.line(lane, "● Background job-1 · completed · exit 0 after 3.1s · npm test");
    expect(visible(text())).toEqual(["● Background job-1 · completed · exit 0 after 3.1s · npm test", "> half-typ"]);
    // Streamed text waits until its line is whole: never half a line where the prompt is.
    screen.text(lane, "A teammate says ");
    expect(visible(text()).at(-1)).toBe("> half-typ");
    screen.text(lane, "hello.\n");
    expect(visible(text()).slice(-2)).toEqual(["A teammate says hello.", "> half-typ"]);
  });

  it("a turn nobody typed drops the prompt's line; once the prompt is gone, lines are written as before", () => {
    const { out, text } = fakeStream(true);
    const screen = new Screen(out, { palette: paletteFor({ isTTY: false }) });
    out.write("> ");
    screen.showingPrompt(() => out.write("> "));
    screen.dropPrompt();
    screen.print("● A turn started by cron job cron-1: check the deploy");
    const lane = screen.lane();
    screen.text(lane, "Checking");
    expect(visible(text())).toEqual(["● A turn started by cron job cron-1: check the deploy"]); // "Checking" waits for a word end
    screen.text(lane, " now.\n");
    expect(visible(text())).toEqual(["● A turn started by cron job cron-1: check the deploy", "Checking now."]);
  });
});
