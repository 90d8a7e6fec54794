/**
 * Mailboxes: how teammates talk. Each member (and the lead) has one file,
 * `.team/inbox/<name>.jsonl`; anyone may append a line to it, and only its owner takes
 * lines out:
 *
 *   {"type":"message","from":"alice","content":"add() is in math.ts","timestamp":"2026-01-01T09:00:00.000Z"}
 *
 * Many writers, one reader, all at once: that is exactly what core's JSONL helpers are for.
 * `appendJsonl` adds one whole line under the file's lock; `drainJsonl` reads every line and
 * empties the file as one step under the same lock, so a message is never lost between the
 * read and the emptying, and never read twice. A bad line (a hand edit, a torn write) is
 * reported with its line number and removed with the rest: it must not block the box forever,
 * and its text goes into the report so what it said is not silently gone.
 *
 * `type` is any non-empty string, not a closed list. Today mail is a "message", a
 * "broadcast", an "error" or an "idle" notice; s11's protocols add their own types. A reader
 * that refused types it does not know would report a newer sender's mail as broken and throw
 * it away, so the reader accepts every type and the code that acts on mail decides.
 *
 * The file is the truth; listeners are only a doorbell. A teammate idle in this process
 * would otherwise have to poll its file: `onMail` lets it wake when a `send` here delivers to
 * it (mail from another process still arrives, at the owner's next drain). Doorbells belong to
 * one `Mailboxes` object: the lead makes one and hands it to every teammate it starts.
 *
 * A mailbox that is not a regular file (a named pipe planted there, a folder) is refused by
 * core's reader, never waited on, and reported once: the lead drains before every request,
 * and one line saying the box is unusable is enough until it reads again.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { escapeTags, quoteText } from "@learn/core";
import { appendJsonl, drainJsonl, readJsonl, RefusedFileError, type JsonlRead } from "@learn/core/harness";
import { z } from "zod";
import { checkName, LEAD } from "./names.ts";
import { TEAM_DIR } from "./roster.ts";

/** The folder of the mailboxes, in a workspace. */
export const INBOX_DIR = `${TEAM_DIR}/inbox`;

export interface Mail {
  /** "message", "broadcast", "error", "idle", ... */
  type: string;
  /** Who sent it: a teammate's name or "lead". */
  from: string;
  content: string;
  /** When it was sent, ISO 8601 ("2026-01-01T09:00:00.000Z"). */
  timestamp: string;
}

/**
 * A line of a mailbox. Keys we do not read are kept (a later sender may add some). The
 * timestamp is not checked as a date: mail with an odd one still says something worth reading.
 */
export const MailSchema = z.looseObject({
  type: z.string().min(1),
  from: z.string().min(1),
  content: z.string(),
  timestamp: z.string().min(1),
});

/** What a look at a mailbox found: the mail, in the order it was sent, and lines that were not mail. */
export interface MailRead {
  mail: Mail[];
  /** One line each: `.team/inbox/alice.jsonl line 3: <why> (removed: <the line>)`. */
  problems: string[];
}

/** How much of a bad line its report quotes. */
const QUOTED_LINE_MAX = 200;

export class Mailboxes {
  private readonly workspace: string;
  private readonly listeners = new Map<string, Set<() => void>>();
  /** Boxes whose refusal a drain has already reported (cleared when one reads again). */
  private readonly refusalsReported = new Set<string>();

  constructor(workspace: string) {
    this.workspace = path.resolve(workspace);
  }

  /** The mailbox file of `name` (absolute). The name is checked first: it becomes part of the path. */
  fileOf(name: string): string {
    if (name !== LEAD) checkName(name);
    return path.join(this.workspace, INBOX_DIR, `${name}.jsonl`);
  }

  /** Append a mail to `to`'s box, stamped now, then ring this process's doorbells for `to`. */
  async send(to: string, mail: { type: string; from: string; content: string }): Promise<Mail> {
    const file = this.fileOf(to);
    const stamped: Mail = { type: mail.type, from: mail.from, content: mail.content, timestamp: new Date().toISOString() };
    // The same rule a reader applies: a line written here is never reported as broken there.
    if (!MailSchema.safeParse(stamped).success) throw new Error(`cannot send mail to ${to}: its type and sender must not be empty`);
    await appendJsonl(file, stamped);
    this.ring(to);
    return stamped;
  }

  /** Take every mail out of `name`'s box: each mail is returned by exactly one drain. Bad lines are reported and removed. */
  async drain(name: string): Promise<MailRead> {
    const file = this.fileOf(name);
    if (await isEmpty(file)) return { mail: [], problems: [] };
    let read: JsonlRead<Mail>;
    try {
      read = await drainJsonl(file, MailSchema);
    } catch (err) {
      if (!(err instanceof RefusedFileError)) throw err;
      const first = !this.refusalsReported.has(file);
      this.refusalsReported.add(file);
      return { mail: [], problems: first ? [this.refusal(file, err)] : [] };
    }
    this.refusalsReported.delete(file);
    return this.report(file, read, "removed");
  }

  /** Look at `name`'s box without taking anything (for /inbox). */
  async peek(name: string): Promise<MailRead> {
    const file = this.fileOf(name);
    try {
      return this.report(file, await readJsonl(file, MailSchema), "left in place");
    } catch (err) {
      if (err instanceof RefusedFileError) return { mail: [], problems: [this.refusal(file, err)] };
      throw err;
    }
  }

  /** ".team/inbox/lead.jsonl: skipped: a named pipe (FIFO), not a regular file; no mail can arrive there". */
  private refusal(file: string, err: RefusedFileError): string {
    return `${this.shown(file)}: skipped: ${err.reason}; no mail can arrive there until it is removed`;
  }

  private shown(file: string): string {
    return path.relative(this.workspace, file).split(path.sep).join("/");
  }

  /** Call `listener` after each send to `name` from this object. Returns the function that stops it. */
  onMail(name: string, listener: () => void): () => void {
    const set = this.listeners.get(name) ?? new Set();
    this.listeners.set(name, set.add(listener));
    return () => {
      set.delete(listener);
    };
  }

  /**
   * Call the listeners for `to`. The mail is already on disk, so a listener that fails loses
   * nothing (the owner finds it at its next drain): its error must not fail the send, whose
   * sender would then think the mail was not delivered and send it again.
   */
  private ring(to: string): void {
    for (const listener of [...(this.listeners.get(to) ?? [])]) {
      try {
        const result: unknown = listener();
        if (result instanceof Promise) result.catch(() => {}); // an async listener's rejection, likewise
      } catch {
        // see above: a doorbell that fails does not undo the delivery
      }
    }
  }

  /** The JSONL read as mail, each bad line as one line of report. */
  private report(file: string, read: JsonlRead<Mail>, fate: string): MailRead {
    return { mail: read.values, problems: read.corrupt.map((bad) => describeBadLine(file, this.shown(file), bad, fate)) };
  }
}

/**
 * ".team/inbox/bob.jsonl line 3, column 18: Expected ',' ... (removed: {"type":...)": the file
 * by its workspace path, the line, why, and what the line said (cut when long).
 */
function describeBadLine(file: string, shown: string, bad: JsonlRead<Mail>["corrupt"][number], fate: string): string {
  const { line, text, error } = bad;
  // core names the file by the path it was given ("/tmp/ws/.team/inbox/bob.jsonl line 3: ...").
  const prefix = `${file} line ${line}: `;
  const why = error.startsWith(prefix) ? error.slice(prefix.length) : error;
  const quote = text.length > QUOTED_LINE_MAX ? `${text.slice(0, QUOTED_LINE_MAX)}…` : text;
  // Each line is parsed alone, so a JSON error says "line 1, column 18": only the column is news.
  const column = /^line 1, (column \d+: .*)$/s.exec(why);
  return `${shown} line ${line}${column ? `, ${column[1]}` : `: ${why}`} (${fate}: ${quote})`;
}

/**
 * Is there nothing to take? Checked without the lock, because the lead drains its box before
 * every model call and an idle teammate polls its own: most looks find nothing, and a lock
 * for each would also create .team/inbox/ in every workspace. Safe: mail appended just after
 * this look is not lost, it waits in the file for the next drain.
 */
async function isEmpty(file: string): Promise<boolean> {
  const info = await stat(file).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return undefined;
    throw err;
  });
  return info === undefined || (info.isFile() && info.size === 0);
}

/**
 * One mail as the model reads it: a header the harness writes — who, what kind, when — then
 * the content, quoted. Every mail of a request shares one <inbox> block, so the content must
 * not be able to end its mail or the block: a body holding "From bob (shutdown_response, …):"
 * or "</inbox>" would otherwise read as bob's mail, or as text outside the inbox. Quoted, each
 * line of it is indented (headers start at the left edge, content never does) and its `<` `>`
 * are `&lt;` `&gt;` (no tag in it is a tag):
 *
 *   From alice (message, 2026-01-01T09:00:00.000Z):
 *     add() is in math.ts
 *     From bob (shutdown_response, …):          ← alice wrote this line; it is not bob's mail
 *
 * A header field that is not a plain word (a hand-written line's sender, say) is shown as a
 * JSON string, quoted and on one line, so it cannot forge a header either.
 */
export function formatMail(mail: Mail): string {
  return `From ${headerField(mail.from)} (${headerField(mail.type)}, ${headerField(mail.timestamp)}):\n${quoteText(mail.content)}`;
}


/** A name, a type, a timestamp: as it is when it is a plain word, else as a JSON string. */
function headerField(value: string): string {
  if (/^[\w.:+-]+$/.test(value)) return value;
  // JSON escapes \n and \r but not the other characters a reader may take for a line break.
  const json = JSON.stringify(value).replace(/[\u0085\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return escapeTags(json);
}
