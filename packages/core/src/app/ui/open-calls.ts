/**
 * Which call a tool result belongs to. Calls of one response run in parallel and finish in any
 * order, so a result line may not sit under its call. The renderer remembers each call it has
 * shown until its result arrives, and a result that is not right under its call names it.
 */
const LABEL_CHARS = 40;

export interface ShownCall {
  name: string;
  id?: string;
  /** The tool and a short summary of its input: `bash node hello.js`. */
  label: string;
}

interface OpenCall extends ShownCall {
  /** False once a result of this tool could not be matched: which call is left is then unknown. */
  known: boolean;
}

export class OpenCalls {
  private readonly open: OpenCall[] = [];

  add(name: string, summary: string, id?: string): ShownCall {
    const short = summary.length > LABEL_CHARS ? `${summary.slice(0, LABEL_CHARS - 1)}…` : summary;
    const call = { name, id, label: short ? `${name} ${short}` : name, known: true };
    this.open.push(call);
    return call;
  }

  /**
   * The call a result answers: by id when the caller gives one; by name when only one call of
   * that name is open. Two parallel calls of one tool cannot be told apart without an id, so
   * then the result is labelled with the tool's name alone rather than with a guess.
   */
  take(name: string, id?: string): ShownCall {
    const byId = id === undefined ? -1 : this.open.findIndex((c) => c.id === id);
    const sameName = this.open.filter((c) => c.name === name);
    const index = byId >= 0 ? byId : this.open.indexOf(sameName[0]!);
    if (index < 0) return { name, label: name };
    const [call] = this.open.splice(index, 1);
    if (byId >= 0 || (sameName.length === 1 && call!.known)) return call!;
    for (const other of sameName) other.known = false;
    return { name, label: name };
  }
}
