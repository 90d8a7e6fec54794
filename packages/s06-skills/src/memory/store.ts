/**
 * The memories of one workspace, in `.memory/`: read when the agent starts, saved one at a
 * time. A save is a read-modify-write of the folder (is the name taken? which file? what
 * does the index list now?), and several agents — in this process or in others — may save
 * at once. Each file is written atomically, which makes every *write* whole, but only the
 * lock makes the whole save one step that no other writer can fall into:
 *
 *     writer A:  lock ─ read folder ─ write a.md ─ rebuild MEMORY.md ─ unlock
 *     writer B:         waits ····························· lock ─ read folder (sees a.md) ─ ...
 *
 * Without it, B could rebuild the index from a listing taken before A's file existed, and
 * A's memory would vanish from the index. The lock is core's withLock on MEMORY.md, so its
 * folder (`MEMORY.md.lock`) lives inside .memory/ too, and a save writes nowhere else. (Core
 * also has a LockedJsonFile, for state kept in one JSON file; memories are Markdown files,
 * one per memory, and an index made from them, so a save locks the folder as a whole.)
 *
 * Nothing already saved is ever lost by a save: the same name replaces that memory (its
 * file), and only the same name does. Two names can share a slug ("C++ notes" and "C# notes"
 * are both `c-notes`), so a file the new name would collide with that is not this memory —
 * another memory, a broken file waiting to be fixed, a folder — is left alone and the new
 * one gets `-2`.
 */
import { lstat, stat } from "node:fs/promises";
import path from "node:path";
import { describeIssues, ToolError } from "@learn/core";
import { resolveInWorkspace, withLock, writeFileAtomic } from "@learn/core/harness";
import { z } from "zod";
import { MEMORY_INDEX, compareNames, renderMemoryIndex, type IndexEntry } from "./index-file.ts";
import { formatMemoryFile, memoryContent, memoryFields, type Memory, type MemoryText } from "./memory-file.ts";
import { readMemoryFolder, type MemoryFolder } from "./read-folder.ts";
import { memorySlug } from "./slug.ts";

/** Where a workspace keeps its memories. */
export const MEMORY_DIR = ".memory";

/** What a save needs: the frontmatter's fields and the memory itself. */
export type SaveMemoryInput = MemoryText;

const saveInput = z.object({ ...memoryFields, content: memoryContent });

/** `-2`, `-3`... tried before giving up on finding a free file name. */
const MAX_SUFFIX = 100;

export class MemoryStore {
  private folder: MemoryFolder = { entries: [], problems: [] };
  /** The workspace (absolute). */
  readonly cwd: string;

  private constructor(cwd: string) {
    this.cwd = path.resolve(cwd);
  }

  /** The workspace's memories as they are on disk. Never throws for a bad file: see `problems`. */
  static async open(cwd: string): Promise<MemoryStore> {
    const store = new MemoryStore(cwd);
    await store.reload();
    return store;
  }

  /** Files that could not be used as of the last read or save, one line each. */
  get problems(): string[] {
    return [...this.folder.problems];
  }

  /** The memories, in name order. */
  list(): readonly Memory[] {
    return this.folder.entries.map((e) => e.memory);
  }

  /** The index text (what MEMORY.md holds): one line per memory, "" when there are none. */
  index(): string {
    return renderMemoryIndex(this.folder.entries);
  }

  /** Read the folder again: another agent or process may have saved since. */
  async reload(): Promise<void> {
    this.folder = await readMemoryFolder(this.dir, MEMORY_DIR);
  }

  /**
   * The file (relative to .memory/) a save of `name` would write, as far as this store
   * knows now; the save itself decides under the lock. For the permission policy, which must
   * know a call's paths before it runs.
   */
  fileFor(name: string): string {
    const existing = findExisting(this.folder.entries, name);
    if (existing) return existing.memory.file;
    const used = new Set(this.folder.entries.map((e) => e.memory.file));
    const slug = memorySlug(name);
    return fileNames(slug).find((file) => !used.has(file)) ?? `${slug}.md`; // all taken: the save refuses
  }

  /** Save a memory (atomically, under the lock) and rebuild MEMORY.md; `created` is false for a replacement. */
  async save(input: SaveMemoryInput): Promise<{ memory: Memory; created: boolean }> {
    // The file format's rules, checked here too: any caller, not only the tool, must write a file that loads.
    const parsed = saveInput.safeParse(input);
    if (!parsed.success) throw new ToolError(`cannot save this memory: ${describeIssues(parsed.error)}`);
    const { name, description, type, content } = parsed.data;
    const dir = await this.usableFolder();
    const indexFile = path.join(dir, MEMORY_INDEX);
    return withLock(indexFile, async () => {
      const now = await readMemoryFolder(dir, MEMORY_DIR);
      await refuseUnlessFile(indexFile, `${MEMORY_DIR}/${MEMORY_INDEX}`);
      const existing = findExisting(now.entries, name);
      const file = existing?.memory.file ?? (await freeFileName(dir, memorySlug(name)));
      const target = await this.insideFolder(file);
      await writeFileAtomic(target, formatMemoryFile({ name, description, type, content }));

      const memory: Memory = { name, description, type, file };
      const entries = [...now.entries.filter((e) => e !== existing), { memory, modified: (await stat(target)).mtimeMs }];
      entries.sort((a, b) => compareNames(a.memory.name, b.memory.name));
      this.folder = { entries, problems: now.problems };
      try {
        await writeFileAtomic(indexFile, renderMemoryIndex(entries));
      } catch (err) {
        // The memory is safe in its file; the next save rebuilds the index from the files.
        throw new ToolError(`saved ${MEMORY_DIR}/${file}, but could not rewrite ${MEMORY_DIR}/${MEMORY_INDEX}: ${(err as Error).message}`);
      }
      return { memory, created: existing === undefined };
    });
  }

  private get dir(): string {
    return path.join(this.cwd, MEMORY_DIR);
  }

  /** .memory/ as a folder inside the workspace (it may not exist yet), or an error saying what is in the way. */
  private async usableFolder(): Promise<string> {
    await resolveInWorkspace(this.cwd, MEMORY_DIR); // a .memory symlink leading out of the workspace is refused
    const info = await stat(this.dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") return undefined;
      throw err;
    });
    if (info && !info.isDirectory()) {
      throw new ToolError(`${MEMORY_DIR} is a file, not a folder, so no memory can be saved; it was left as it is. Move it away and save again.`);
    }
    return this.dir;
  }

  /** The absolute path of `file` in .memory/, checked to be directly inside it whatever `file` says. */
  private async insideFolder(file: string): Promise<string> {
    const absolute = await resolveInWorkspace(this.cwd, `${MEMORY_DIR}/${file}`);
    if (path.dirname(absolute) !== this.dir) throw new ToolError(`refusing to write ${file}: not a file directly inside ${MEMORY_DIR}/`);
    return absolute;
  }
}

/**
 * The memory a save of `name` replaces: the one with exactly that name. Not one whose name
 * has the same slug: that is another memory, and replacing it would lose it.
 */
function findExisting(entries: readonly IndexEntry[], name: string): IndexEntry | undefined {
  return entries.find((e) => e.memory.name === name);
}

/** The file names a new memory may take, in order: `<slug>.md`, `<slug>-2.md`... */
function fileNames(slug: string): string[] {
  return Array.from({ length: MAX_SUFFIX }, (_, i) => (i === 0 ? `${slug}.md` : `${slug}-${i + 1}.md`));
}

/** The first of those that nothing in the folder has: not another memory, not a broken file. */
async function freeFileName(dir: string, slug: string): Promise<string> {
  for (const file of fileNames(slug)) {
    if (!(await exists(path.join(dir, file)))) return file;
  }
  throw new ToolError(`${MEMORY_DIR}/ already has ${slug}.md to ${slug}-${MAX_SUFFIX}.md: give the memory another name`);
}

async function exists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw err;
  }
}

/** Only a regular file (or nothing yet) may be replaced by the index. */
async function refuseUnlessFile(file: string, shown: string): Promise<void> {
  const info = await lstat(file).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return undefined;
    throw err;
  });
  if (info && !info.isFile()) {
    throw new ToolError(`${shown} is not a regular file (a folder or a link?), so the index cannot be rebuilt; nothing was saved. Move it away and save again.`);
  }
}
