/**
 * CLAUDE.md: the project's own notes for the agent (how to build, how to test, what to
 * avoid), written by the people who work on it, in Claude Code's place for them: the
 * workspace's `CLAUDE.md`, or `.claude/CLAUDE.md` when there is none at the root. It goes
 * into the system prompt whole, every session, so it is capped: a huge file would crowd out
 * the conversation, and the cut is said out loud rather than made in silence.
 *
 * A file that cannot be used (not UTF-8, unreadable, a folder, a named pipe) is a problem to
 * report, not a reason to stop the session: the agent works on without it. It is read with
 * core's safe reader, which refuses anything but a regular file at once: a plain read of a
 * named pipe would wait for a writer forever, and no Ctrl-C could end the session.
 */
import path from "node:path";
import { readFailure, readRegularFile } from "@learn/core/harness";

/** Where CLAUDE.md may be, relative to the workspace, first found wins. */
export const CLAUDE_MD_FILES = ["CLAUDE.md", ".claude/CLAUDE.md"] as const;

/** At most this many characters of CLAUDE.md reach the prompt. */
export const CLAUDE_MD_MAX_CHARS = 40_000;

export interface ClaudeMd {
  /** The text for the prompt (capped, with a note when cut); undefined when there is no usable file. */
  text?: string;
  /** Which file it came from, relative to the workspace. */
  file?: string;
  /** Why a file that exists was not used: `CLAUDE.md: not UTF-8 text; ignored`. */
  problem?: string;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** Read the workspace's CLAUDE.md. Never throws. */
export async function loadClaudeMd(cwd: string): Promise<ClaudeMd> {
  for (const file of CLAUDE_MD_FILES) {
    let bytes: Buffer;
    try {
      bytes = await readRegularFile(path.join(cwd, file), { shown: file });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") continue; // not there: try the next place
      return { file, problem: `${file}: cannot be read (${readFailure(err)}); ignored` };
    }
    let text: string;
    try {
      text = strictUtf8.decode(bytes).replace(/^\uFEFF/, "");
    } catch {
      return { file, problem: `${file}: not UTF-8 text; ignored` };
    }
    return { file, text: capClaudeMd(text, file) };
  }
  return {};
}

/** The text, or its first CLAUDE_MD_MAX_CHARS characters (ending at a line end when one is near) and a note. */
export function capClaudeMd(text: string, file = "CLAUDE.md"): string {
  if (text.length <= CLAUDE_MD_MAX_CHARS) return text;
  let cut = text.slice(0, CLAUDE_MD_MAX_CHARS);
  const lineEnd = cut.lastIndexOf("\n");
  if (lineEnd > CLAUDE_MD_MAX_CHARS * 0.9) cut = cut.slice(0, lineEnd + 1);
  else if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1); // never half of a surrogate pair
  const shown = cut.trimEnd();
  return `${shown}\n\n[${file} is ${text.length} characters; only the first ${shown.length} are shown here.]`;
}

/** The system prompt section for CLAUDE.md's text, or undefined when there is none. */
export function claudeMdSection(text: string | undefined): string | undefined {
  if (text === undefined || text.trim() === "") return undefined;
  return `Instructions from CLAUDE.md (the project's own notes; follow them):\n\n${text.trim()}`;
}
