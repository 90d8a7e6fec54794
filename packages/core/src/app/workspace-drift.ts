/**
 * Is this workspace still the one the offline demo was written for?
 *
 * A demo script is a bet on a fresh workspace: "cart.js has the bug", "there is no task #1
 * yet". Replayed on a used one — the bug already fixed, an old board in .tasks/ — the tools
 * fail, yet the script still ends with "all three tasks completed": a demo that tells a lie.
 * So before a demo replays in a workspace that is not a fresh copy, we compare it with the
 * template (git's copy of practice-workspace/) and say what differs, instead of replaying.
 * What counts, and why:
 *
 *   a template file changed or gone    the script reads and edits those files (s02's bug)
 *   a new dot-folder at the top        a lesson's state (.tasks/, .team/, .memory/…): the
 *                                      script's ids and counts assume there is none
 *   a file the script writes, there    the script would overwrite it, or find it already done
 *
 *   yours, in every request            only where the demo counts tokens (s07): a skill,
 *                                      agent, command or CLAUDE.md the student wrote is listed
 *                                      in every request and moves the compaction its script expects
 *
 * Anything else — hello.js from s01, a skill or agent file of your own in .claude/ for any
 * other lesson — the demos never look at, so it does not stop one (it would only nag a
 * student into deleting their exercise work).
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { lstat, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { practiceWorkspace, repoRoot } from "../platform/config.ts";
import type { Lesson } from "../runtime/lesson.ts";
import { runGit } from "../platform/safe-git.ts";
import type { Script } from "../simulator/index.ts";
import { lessonWorkspace } from "./workspace.ts";
import { isHarnessState } from "../platform/workspace-ledger/harness-state.ts";
import { ledgerFileFor, readLedger } from "../platform/workspace-ledger/ledger-file.ts";

/** At most this many differences are named; the rest are counted. */
const SHOWN_DIFFERENCES = 5;
const GIT_LIST_TIMEOUT_MS = 30_000;
const GIT_LIST_MAX_CHARS = 4 * 1024 * 1024;

/** The template's files (relative, with `/`), and whether a file's content is the template's. */
interface Template {
  files: string[];
  same(file: string, content: Buffer): boolean;
}

/**
 * What in `cwd` would make `script` replay differently than on a fresh copy of the practice
 * workspace (prepared as `lesson` prepares it), one line each: "shop/src/cart.js (changed)".
 * Empty when nothing does.
 */
export async function driftFromTemplate(lesson: Pick<Lesson, "id" | "workspace" | "demoCountsTokens">, cwd: string, script: Script): Promise<string[]> {
  // A lesson that prepares its copy (s12 edits settings for its repository) is compared with a
  // prepared one — unless this workspace was never prepared: then with the template, as git sees it.
  const prepared = lesson.workspace && (await lesson.workspace.isPrepared?.(cwd)) !== false;
  const template = (prepared ? undefined : await templateFromGit()) ?? (await templateFromCopy(lesson));
  const drift: string[] = [];
  for (const file of template.files) {
    const theirs = await readFile(path.join(cwd, file)).catch(() => undefined);
    if (theirs === undefined) drift.push(`${file} (deleted)`);
    else if (!template.same(file, theirs)) drift.push(`${file} (changed)`);
  }
  const templateTop = new Set(template.files.map((file) => file.split("/")[0]!));
  for (const name of await readdir(cwd)) {
    // .git: a repository of the workspace's own (s12 makes one), not a lesson's state.
    if (name.startsWith(".") && name !== ".git" && !templateTop.has(name)) drift.push(`${name}/ (new: a lesson's state)`);
  }
  for (const file of scriptedWrites(script)) {
    if (!template.files.includes(file) && (await isFile(path.join(cwd, file)))) drift.push(`${file} (already there: the demo makes it)`);
  }
  if (lesson.demoCountsTokens) {
    for (const file of await inEveryRequest(cwd)) if (!template.files.includes(file)) drift.push(`${file} (yours: it is in every request, and this demo compacts at a set size)`);
  }
  return drift;
}

/** The workspace's files that go into every request: skills, agents and commands listed, CLAUDE.md read. */
async function inEveryRequest(cwd: string): Promise<string[]> {
  const listed = (await filesUnder(cwd, ".claude").catch(() => [] as string[])).filter((file) => /^\.claude\/(skills|agents|commands)\//.test(file));
  const memory = ["CLAUDE.md", "CLAUDE.local.md", ".claude/CLAUDE.md"].filter((file) => existsSync(path.join(cwd, file)));
  return [...listed, ...memory];
}

/**
 * The template as git's index has it: each file's blob id, compared with a hash of the file
 * in the workspace — one git call, no copy (this runs before `--print` answers). A checkout
 * that turned LF into CRLF (Windows' autocrlf) hashes the same once turned back.
 * Undefined when git cannot say (a downloaded zip).
 */
async function templateFromGit(): Promise<Template | undefined> {
  const root = repoRoot();
  const folder = path.relative(root, practiceWorkspace()).split(path.sep).join("/");
  const listed = await runGit(root, ["ls-files", "-s", "-z", "--", folder], {
    timeoutMs: GIT_LIST_TIMEOUT_MS,
    maxChars: GIT_LIST_MAX_CHARS,
    maxStdoutChars: GIT_LIST_MAX_CHARS,
  }).catch(() => undefined);
  if (listed?.exitCode !== 0 || listed.droppedChars > 0) return undefined;
  // Each entry: "<mode> <blob id> <stage>\t<path>".
  const ids = new Map<string, string>();
  for (const entry of listed.stdout.split("\0").filter(Boolean)) {
    const [meta, file] = entry.split("\t") as [string, string];
    ids.set(path.posix.relative(folder, file), meta.split(" ")[1]!);
  }
  if (ids.size === 0) return undefined;
  const same = (file: string, content: Buffer) =>
    blobId(content) === ids.get(file) || blobId(Buffer.from(content.toString("latin1").replaceAll("\r\n", "\n"), "latin1")) === ids.get(file);
  return { files: [...ids.keys()], same };
}

/** Git's id for a file's content: the SHA-1 of "blob <size>\0" and the bytes. */
function blobId(content: Buffer): string {
  return createHash("sha1").update(`blob ${content.length}\0`).update(content).digest("hex");
}

/** Without git: a fresh copy made and read (the files on disk that .gitignore does not ignore). */
async function templateFromCopy(lesson: Pick<Lesson, "id" | "workspace">): Promise<Template> {
  const fresh = await lessonWorkspace(lesson, `${lesson.id}-fresh-check`);
  try {
    const contents = new Map<string, Buffer>();
    for (const file of await filesUnder(fresh)) contents.set(file, await readFile(path.join(fresh, file)));
    return { files: [...contents.keys()], same: (file, content) => content.equals(contents.get(file)!) };
  } finally {
    await rm(fresh, { recursive: true, force: true });
  }
}

/**
 * What to say when a demo would replay on a drifted workspace: what differs, and how to get a
 * fresh one. `startsFresh`: the lesson starts in a fresh copy of its own (s12), so starting
 * it again is the way back.
 */
export function driftMessage(lessonId: string, cwd: string, drift: readonly string[], startsFresh: boolean, yours: readonly string[] = []): string {
  const shown = drift.slice(0, SHOWN_DIFFERENCES).join(", ");
  const more = drift.length > SHOWN_DIFFERENCES ? ` and ${drift.length - SHOWN_DIFFERENCES} more` : "";
  // Plain reset keeps what the student wrote: when that is what differs, only --all helps.
  const reset = yours.length
    ? `\`pnpm reset --all\` puts practice-workspace/ back (plain \`pnpm reset\` keeps your own edits: ${yours.slice(0, SHOWN_DIFFERENCES).join(", ")})`
    : "`pnpm reset` puts practice-workspace/ back";
  const fix =
    cwd === practiceWorkspace()
      ? reset
      : startsFresh
        ? "start the lesson again: it starts in a fresh copy"
        : "point --cwd at a fresh copy of practice-workspace/";
  return (
    `This workspace is not the fresh one the offline demo was written for: ${shown}${more}. ` +
    "Replayed here, its script would not fit what it finds (tool errors, then a report of work that did not happen). " +
    `For a fresh start, ${fix}; or \`pnpm --filter ${lessonId} demo\` runs the demo in a fresh temporary copy.`
  );
}

/** Every file under `root`, relative and with `/`, but none inside a `.git` folder (s12's own repository). */
async function filesUnder(root: string, dir = ""): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== ".git") files.push(...(await filesUnder(root, rel)));
    } else files.push(rel);
  }
  return files;
}

/**
 * The files the script's tool calls name as `path` (write_file, edit_file, read_file…),
 * relative. One that is not in the template, the demo itself makes: found before the replay,
 * it was left by an earlier one.
 */
export function scriptedWrites(script: Script): string[] {
  const paths = new Set<string>();
  for (const turn of script.turns) {
    for (const answer of [turn, ...(turn.oneOf ?? [])]) {
      for (const block of answer.content ?? []) {
        const named = block.type === "tool_use" ? block.input.path : undefined;
        if (typeof named === "string" && !path.isAbsolute(named)) paths.add(path.posix.normalize(named));
      }
    }
  }
  return [...paths];
}

/** A file, not a folder: a search's `path` (glob, grep) names a folder the template has. */
async function isFile(file: string): Promise<boolean> {
  return (await lstat(file).catch(() => undefined))?.isFile() === true;
}

/**
 * Before the lesson's own demo script replays in `cwd` (the REPL's `/demo`, or its prompt given
 * to `--print`): why not, or undefined when the workspace is as fresh as the script needs.
 */
export async function demoReplayRefusal(
  lesson: Pick<Lesson, "id" | "workspace" | "demoCountsTokens">,
  cwd: string,
  script: Script,
  startsFresh: boolean,
): Promise<string | undefined> {
  if (lesson.workspace && (await lesson.workspace.isPrepared?.(cwd)) === false) {
    const drift = await driftFromTemplate(lesson, cwd, script);
    const also = drift.length ? ` It also differs from a fresh copy: ${drift.slice(0, SHOWN_DIFFERENCES).join(", ")}.` : "";
    return (
      `This workspace has not had ${lesson.id}'s set-up (${lesson.workspace.why.replace(/\.$/, "")}), so the offline demo cannot replay here.${also} ` +
      `Start the lesson without --cwd (it makes a fresh prepared copy), or \`pnpm --filter ${lesson.id} demo\` runs the demo in one.`
    );
  }
  const drift = await driftFromTemplate(lesson, cwd, script);
  if (!drift.length) return undefined;
  const yours = cwd === practiceWorkspace() ? await notTheAgents(cwd, drift) : [];
  return driftMessage(lesson.id, cwd, drift, startsFresh, yours);
}

/**
 * The differences the agent did not make (the write ledger has no entry under them): the
 * student's own, which plain `pnpm reset` keeps. The harness's own state is never among them,
 * ledger or not: plain reset deletes it whole (a memory s06 saved is not the student's edit).
 * With no ledger to ask, none are named.
 */
export async function notTheAgents(workspace: string, drift: readonly string[]): Promise<string[]> {
  const ledger = await readLedger(ledgerFileFor(workspace));
  if (ledger.status !== "ok") return [];
  const written = Object.keys(ledger.value.files);
  return drift
    .map((line) => line.slice(0, line.lastIndexOf(" (")))
    .filter((file) => !isHarnessState(file))
    .filter((file) => !written.some((w) => w === file || (file.endsWith("/") && w.startsWith(file))));
}
