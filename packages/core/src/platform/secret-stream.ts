/**
 * Scrubbing text that arrives in pieces: a child's output, read chunk by chunk from a pipe.
 *
 * Scrubbing each chunk alone misses a secret the pipe happened to split:
 *
 *     chunk 1: "key=sk-ant-api03-Ab"      chunk 2: "Cd…\n"
 *
 * So the end of what has arrived is held back while it could be the start of a secret, and
 * scrubbed together with the next chunk. Only such an end is held (at most one secret's
 * length); everything before it is passed on at once, so a log still grows as the job runs.
 */
import { knownSecrets, scrubberFor, secretForms } from "./secrets.ts";

/** How many characters at the end of `text` could be the start of one of `forms`. */
function possibleStartAtEnd(text: string, forms: readonly string[]): number {
  let longest = 0;
  for (const form of forms) {
    // From the furthest position a proper prefix could start at; the first match is the longest.
    for (let i = Math.max(0, text.length - form.length + 1); i < text.length; i++) {
      const length = text.length - i;
      if (length <= longest) break;
      if (text.charCodeAt(i) === form.charCodeAt(0) && form.startsWith(text.slice(i))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}

export class SecretStream {
  private held = "";

  /** Take the next piece; return what can be passed on now, scrubbed. */
  push(text: string): string {
    const secrets = knownSecrets();
    if (secrets.length === 0 && this.held === "") return text;
    const all = scrubberFor(secrets)(this.held + text);
    const keep = possibleStartAtEnd(all, secretForms(secrets));
    this.held = all.slice(all.length - keep);
    return all.slice(0, all.length - keep);
  }

  /** The stream is over: what was held back (it never became a secret). */
  end(): string {
    const rest = this.held;
    this.held = "";
    return rest;
  }
}
