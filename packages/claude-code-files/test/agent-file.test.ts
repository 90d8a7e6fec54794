/** Claude Code's agent files: a table of files it loads (and what they say) and files it refuses (and why). */
import { describe, expect, it } from "vitest";
import { parseAgentFile } from "../src/index.ts";

const file = (frontmatter: string, body = "You are a test agent.") => `---\n${frontmatter}\n---\n${body}\n`;

describe("parseAgentFile", () => {
  const good: { what: string; text: string; expected: object }[] = [
    {
      what: "Claude Code's own example, extra keys (color) ignored",
      text: file("name: code-reviewer\ndescription: Reviews code for quality.\ntools: Read, Grep, Glob, Bash\nmodel: sonnet\ncolor: purple"),
      expected: { name: "code-reviewer", description: "Reviews code for quality.", tools: ["Read", "Grep", "Glob", "Bash"], model: "sonnet", prompt: "You are a test agent." },
    },
    {
      what: "tools as a YAML list",
      text: file("name: lister\ndescription: d\ntools:\n  - Read\n  - Glob"),
      expected: { tools: ["Read", "Glob"] },
    },
    {
      what: "no tools and no model: every tool, the parent's model",
      text: file("name: plain\ndescription: d"),
      expected: { tools: undefined, model: undefined },
    },
    {
      what: "a multi-line body, CRLF line ends, a BOM",
      text: "\uFEFF---\r\nname: crlf\r\ndescription: d\r\n---\r\nLine one.\r\n\r\nLine two.\r\n",
      expected: { name: "crlf", prompt: "Line one.\r\n\r\nLine two." },
    },
    {
      what: "keys Claude Code knows and we do not (permissionMode, hooks) are ignored",
      text: file("name: extra\ndescription: d\npermissionMode: plan\nhooks: { PreToolUse: [] }"),
      expected: { name: "extra" },
    },
  ];
  for (const c of good) {
    it(c.what, () => expect(parseAgentFile(c.text)).toMatchObject(c.expected));
  }

  const bad: { what: string; text: string; error: RegExp }[] = [
    { what: "no frontmatter", text: "Just a prompt.\n", error: /does not start with a frontmatter block/ },
    { what: "an unclosed frontmatter", text: "---\nname: x\ndescription: d\nprompt\n", error: /does not start with a frontmatter block/ },
    { what: "YAML that does not parse", text: file("  name: x\ndescription: d"), error: /frontmatter is not valid YAML/ },
    { what: "a list, not a mapping", text: file("- name\n- description"), error: /not a YAML mapping/ },
    { what: "no name", text: file("description: d"), error: /frontmatter is wrong: name: / },
    { what: "a name starting with -", text: file("name: -x\ndescription: d"), error: /name: must not start with "-"/ },
    { what: "a name with : (plugins' namespace)", text: file("name: tools:review\ndescription: d"), error: /name: must not contain ":"/ },
    { what: "a name longer than 256", text: file(`name: ${"a".repeat(257)}\ndescription: d`), error: /name: must be at most 256 characters/ },
    { what: "no description", text: file("name: x"), error: /description: missing: Claude Code needs one/ },
    { what: "an empty description", text: file("name: x\ndescription: ''"), error: /description: must not be empty/ },
    { what: "tools as a number", text: file("name: x\ndescription: d\ntools: 3"), error: /tools: expected a comma-separated string or a list/ },
    { what: "an empty body", text: file("name: x\ndescription: d", "   "), error: /its body, the agent's system prompt, is empty/ },
  ];
  for (const c of bad) {
    it(`refuses ${c.what}`, () => expect(() => parseAgentFile(c.text)).toThrow(c.error));
  }
});
