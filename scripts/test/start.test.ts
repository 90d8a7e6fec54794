/**
 * How a lesson starts (scripts/start.mjs): from a cached bundle that is rebuilt when a source
 * changed, with stack traces that name the .ts file, and from source through tsx when the
 * bundle cannot be built. Each test starts a tiny "lesson" in a temporary folder (a src/main.ts
 * and a file it imports), never a real package: building it takes milliseconds.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, utimes, writeFile, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const start = fileURLToPath(new URL("../start.mjs", import.meta.url));
const folders: string[] = [];

afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

/** A lesson folder: package.json, src/main.ts prints what src/greet.ts says and where it is; `--throw` throws. */
async function tinyLesson(greeting = "hello 1"): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "learn-start-"));
  folders.push(dir);
  await mkdir(path.join(dir, "src"));
  await writeFile(path.join(dir, "package.json"), '{ "type": "module" }\n'); // as every lesson's
  await writeFile(
    path.join(dir, "src", "main.ts"),
    [
      'import { greet } from "./greet.ts";',
      "console.log(greet(), new URL('.', import.meta.url).pathname);",
      'if (process.argv.includes("--throw")) {',
      "  const boom = (n: number): never => { throw new Error(`boom ${n}`); };",
      "  boom(process.argv.length);",
      "}",
      "",
    ].join("\n"),
  );
  await setGreeting(dir, greeting);
  return dir;
}

async function setGreeting(dir: string, greeting: string): Promise<void> {
  const file = path.join(dir, "src", "greet.ts");
  await writeFile(file, `export const greet = (): string => ${JSON.stringify(greeting)};\n`);
  // Written "a minute ago": a file changed just before a build counts as possibly unread
  // (coarse mtimes), which would rebuild anyway and hide what the test is about.
  const past = new Date(Date.now() - 60_000 - Math.random() * 60_000);
  await utimes(file, past, past);
  await utimes(path.join(dir, "src", "main.ts"), past, past);
}

function run(dir: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runIn(os.tmpdir(), dir, ...args);
}

function runIn(cwd: string, dir: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [start, dir, ...args], { cwd, stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c));
    child.stderr.on("data", (c: Buffer) => (stderr += c));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const buildOf = async (dir: string) => JSON.parse(await readFile(path.join(dir, "node_modules/.cache/start/manifest.json"), "utf8")).build as string;

describe("starting a lesson from its bundle", () => {
  it("builds once, reuses the bundle while nothing changed, and rebuilds after a source edit", async () => {
    const dir = await tinyLesson("hello 1");
    const first = await run(dir);
    expect(first).toMatchObject({ code: 0, stderr: "" });
    // Each file keeps its own import.meta.url: the lesson finds its files where they are.
    expect(first.stdout).toBe(`hello 1 ${path.join(dir, "src")}/\n`);
    const built = await buildOf(dir);

    expect((await run(dir)).stdout).toContain("hello 1");
    expect(await buildOf(dir)).toBe(built); // nothing changed: the same bundle

    await setGreeting(dir, "hello 2, edited");
    expect((await run(dir)).stdout).toContain("hello 2, edited");
    expect(await buildOf(dir)).not.toBe(built);
  });

  it("names the .ts file and line in a stack trace", async () => {
    const dir = await tinyLesson();
    const { code, stderr } = await run(dir, "--throw");
    expect(code).toBe(1);
    expect(stderr).toContain("Error: boom 3");
    expect(stderr).toContain(`at boom (${path.join(dir, "src", "main.ts")}:4:`);
  });

  it("two starts at once both run, and leave one whole bundle", async () => {
    const dir = await tinyLesson("together");
    const both = await Promise.all([run(dir), run(dir)]);
    for (const result of both) expect(result).toMatchObject({ code: 0, stderr: "" });
    for (const result of both) expect(result.stdout).toContain("together");
    expect((await run(dir)).stdout).toContain("together");
  });

  it("runs the source through tsx, after one line saying so, when the bundle cannot be built", async () => {
    // The cache cannot be written (its folder is a file): no bundle, but the lesson still runs.
    const dir = await tinyLesson("from source");
    await mkdir(path.join(dir, "node_modules", ".cache"), { recursive: true });
    await writeFile(path.join(dir, "node_modules", ".cache", "start"), "not a folder");
    const { code, stdout, stderr } = await run(dir);
    expect(code).toBe(0);
    expect(stdout).toBe(`from source ${path.join(dir, "src")}/\n`);
    expect(stderr).toMatch(/^Could not bundle .*main\.ts \(.+\): running it from source with tsx instead\.\n$/);
  });

  it.each([
    ["a named pipe", async (file: string) => void execFileSync("mkfifo", [file])],
    ["a hostile manifest", (file: string) => writeFile(file, JSON.stringify({ format: 1, entry: "x", build: "../../elsewhere", inputs: "not a list" }))],
    ["a manifest of the wrong shape for this entry", (file: string) => writeFile(file, JSON.stringify({ format: 1, entry: null, build: "abc-1", inputs: [[1, 2]] }))],
  ])("%s in the manifest's place does not hang or crash the start: the lesson is built again and runs", async (_what, plant) => {
    const dir = await tinyLesson("still starts");
    await mkdir(path.join(dir, "node_modules/.cache/start"), { recursive: true });
    await plant(path.join(dir, "node_modules/.cache/start/manifest.json"));
    const { code, stdout } = await run(dir);
    expect(code).toBe(0);
    expect(stdout).toBe(`still starts ${path.join(dir, "src")}/\n`);
  });

  it("a bare lesson name is looked up under packages/ only, never as a folder where the command was typed", async () => {
    const cwd = await mkdtemp(path.join(os.tmpdir(), "learn-start-cwd-"));
    folders.push(cwd);
    await mkdir(path.join(cwd, "s01", "src"), { recursive: true });
    await writeFile(path.join(cwd, "s01", "src", "main.ts"), 'console.log("PLANTED main.ts ran");\n');
    const { code, stdout } = await runIn(cwd, "s01", "--help");
    expect(stdout).not.toContain("PLANTED");
    expect(stdout).toMatch(/^s01 — /);
    expect(code).toBe(0);
  });

  it("refuses an unknown lesson with the names that work", async () => {
    const { code, stderr } = await run("s99");
    expect(code).toBe(2);
    expect(stderr).toMatch(/^No lesson named s99: node scripts\/start\.mjs <lesson> \[options\], the lessons being s01, s02, .*s12, s13(, s1\d)*\n$/);
  });
});
