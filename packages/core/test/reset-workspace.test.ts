/**
 * `pnpm reset` (scripts/reset-workspace.mjs), run for real with node — on a copy of the script
 * in a temporary git repository laid out like the course's, never on the real practice
 * workspace. The agent's work comes from tool calls through the kernel, the real SDK and the
 * simulator (so the ledger is written as in a session); the student's with plain file writes.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { agentWrites } from "./fixtures/agent-writes.ts";
import { repoRoot } from "../src/platform/config.ts";
import { practiceRepoCopy, type PracticeRepo } from "../src/testing/index.ts";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false", ...args], { cwd, stdio: "pipe" });

let repo: PracticeRepo;
const file = (rel: string) => path.join(repo.workspace, rel);
const read = (rel: string) => readFileSync(file(rel), "utf8");
/** A template file as the temporary repository's commit has it. */
const template = (rel: string) => git(repo.root, "show", `HEAD:practice-workspace/${rel}`).toString("utf8");

/** `pnpm reset …` in the temporary repository: its exit code and what it printed. */
function reset(...args: string[]) {
  const run = spawnSync(process.execPath, ["scripts/reset-workspace.mjs", ...args], { cwd: repo.root, encoding: "utf8" });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Every file under the workspace with its content: what "changes nothing" compares. */
function everything(dir = repo.workspace, rel = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(out, everything(dir, child));
    else out[child] = readFileSync(path.join(dir, child), "utf8");
  }
  return out;
}

beforeEach(async () => {
  repo = await practiceRepoCopy();
  mkdirSync(path.join(repo.root, "scripts"));
  cpSync(path.join(repoRoot(), "scripts", "reset-workspace.mjs"), path.join(repo.root, "scripts", "reset-workspace.mjs"));
  writeFileSync(path.join(repo.root, ".gitignore"), "/*practice-workspace-ledger.json*\n");
  git(repo.root, "init", "--quiet");
  git(repo.root, "add", "--all");
  git(repo.root, "commit", "--quiet", "--message", "the course");
  // A day's work: the agent fixes the cart, writes notes and a task; the student edits the
  // stock report and writes their s05 agent file and s06 skill.
  await agentWrites(repo.workspace, { "shop/src/cart.js": "// fixed by the agent\n", "notes/plan.md": "# the agent's plan\n", ".tasks/1.json": "{}\n" });
  writeFileSync(file("inventory/stock.js"), "// the student's refactor\n");
  writeFileSync(file(".claude/agents/reviewer.md"), "---\nname: reviewer\n---\nReview.\n");
  mkdirSync(file(".claude/skills/release"), { recursive: true });
  writeFileSync(file(".claude/skills/release/SKILL.md"), "---\nname: release\n---\nRelease.\n");
});
afterEach(async () => {
  await repo.cleanup();
});

describe("pnpm reset", () => {
  it("a file the agent wrote and the student changed since is kept as the student's, and says so", () => {
    writeFileSync(file("notes/plan.md"), "# my plan now\n");
    const { code, stdout } = reset();
    expect(code).toBe(0);
    expect(read("notes/plan.md")).toBe("# my plan now\n");
    expect(stdout).toContain("  notes/plan.md (an agent wrote it; you changed it since)\n");
    expect(stdout).toContain("  .claude/agents/reviewer.md\n"); // the student's own: no note
  });

  it("reverts the agent's edit, deletes its files and the lessons' state; keeps and lists the student's edit and files", () => {
    const { code, stdout } = reset();
    expect(code).toBe(0);
    expect(read("shop/src/cart.js")).toBe(template("shop/src/cart.js"));
    expect(existsSync(file("notes"))).toBe(false);
    expect(existsSync(file(".tasks"))).toBe(false);
    expect(read("inventory/stock.js")).toBe("// the student's refactor\n");
    expect(read(".claude/agents/reviewer.md")).toContain("name: reviewer");
    expect(read(".claude/skills/release/SKILL.md")).toContain("name: release");
    expect(stdout).toBe(
      [
        "Deleted (the lessons' own state):",
        "  .tasks/",
        "Reverted (template files as the agent left them):",
        "  shop/src/cart.js",
        "Deleted (files the agent made):",
        "  notes/plan.md",
        "Kept (your edits to template files; `pnpm reset --all` reverts them):",
        "  inventory/stock.js",
        "Kept (files you made; `pnpm reset --all` deletes them):",
        "  .claude/agents/reviewer.md",
        "  .claude/skills/release/SKILL.md",
        "practice-workspace/ is back to its template, but for the 3 kept above.",
        "",
      ].join("\n"),
    );
    // Run again, nothing of the agent's is left: the student's work is still kept, and said to be theirs.
    expect(reset("--dry-run").stdout).toMatch(/^Would keep \(your edits.*\n  inventory\/stock\.js\n/);
  });

  it("keeps a student's edit and a student's file that the agent merely rewrote with the same bytes", async () => {
    writeFileSync(file("shop/src/inventory-note.md"), "the student's own note\n");
    // The agent rewrites both with what they already hold: it changed nothing, so nothing is its work.
    await agentWrites(repo.workspace, { "inventory/stock.js": "// the student's refactor\n", "shop/src/inventory-note.md": "the student's own note\n" });
    const { code, stdout } = reset();
    expect(code).toBe(0);
    expect(read("inventory/stock.js")).toBe("// the student's refactor\n");
    expect(read("shop/src/inventory-note.md")).toBe("the student's own note\n");
    expect(stdout).toContain("Kept (your edits to template files; `pnpm reset --all` reverts them):\n  inventory/stock.js\n");
    expect(stdout).toContain("  shop/src/inventory-note.md\n");
  });

  it("--all also reverts the student's edits and deletes their files: as after a fresh clone", () => {
    expect(reset("--all").code).toBe(0);
    expect(everything()).toEqual(templateFiles());
    expect(existsSync(repo.ledger)).toBe(false);
  });

  it("--dry-run prints the same plan and changes nothing", () => {
    const before = everything();
    const { code, stdout } = reset("--dry-run");
    expect(code).toBe(0);
    expect(stdout).toContain("Would revert (template files as the agent left them):\n  shop/src/cart.js\n");
    expect(stdout).toContain("Would keep (files you made; `pnpm reset --all` deletes them):\n  .claude/agents/reviewer.md\n");
    expect(stdout).toMatch(/Dry run: nothing was changed\.\n$/);
    expect(everything()).toEqual(before);
    expect(existsSync(repo.ledger)).toBe(true);
  });

  it("an unknown flag is a usage error (exit 2) naming the known ones, and changes nothing", () => {
    const before = everything();
    const { code, stdout, stderr } = reset("--dryrun");
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe("pnpm reset: unknown option --dryrun. Known: --dry-run, --all, --help.\n");
    expect(everything()).toEqual(before);
    expect(reset("--help").stdout).toMatch(/^Usage: pnpm reset \[--dry-run\] \[--all\] \[--help\]\n/);
    expect(everything()).toEqual(before);
  });

  it("a damaged ledger: the state still goes, every edit and file is kept, and it says why and what --all does", () => {
    writeFileSync(repo.ledger, "{ damaged");
    const { code, stdout } = reset();
    expect(code).toBe(0);
    expect(existsSync(file(".tasks"))).toBe(false);
    expect(read("shop/src/cart.js")).toBe("// fixed by the agent\n");
    expect(read("notes/plan.md")).toBe("# the agent's plan\n");
    expect(read("inventory/stock.js")).toBe("// the student's refactor\n");
    expect(stdout).toContain("Kept (your edits to template files; `pnpm reset --all` reverts them):\n  inventory/stock.js\n  shop/src/cart.js\n");
    expect(stdout).toContain("(.practice-workspace-ledger.json is damaged: ");
    expect(stdout).toContain("So none of the above can be told apart from the agent's work, and all of it is kept.)");
  });
});

/** The template as git tracks it in the temporary repository. */
function templateFiles(): Record<string, string> {
  const listed = execFileSync("git", ["ls-files", "-z", "--", "practice-workspace"], { cwd: repo.root, encoding: "utf8" });
  return Object.fromEntries(
    listed
      .split("\0")
      .filter(Boolean)
      .map((p) => [path.posix.relative("practice-workspace", p), readFileSync(path.join(repo.root, p), "utf8")]),
  );
}
