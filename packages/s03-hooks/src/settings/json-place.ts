/**
 * Where a JSON text goes wrong, as a line and a column — so "settings.json:4:3" takes the user
 * straight to the stray comma. JSON.parse names a position only for some errors (and in a
 * wording that changes between Node versions), so we find the place ourselves: the longest
 * start of the text that could still begin a valid document ends right before the mistake.
 */

/** The 1-based line and column of the first character JSON.parse cannot accept. */
export function jsonErrorPlace(text: string): { line: number; column: number } {
  // Could-begin-a-valid-document is monotonic (every start of a viable start is viable), so
  // a binary search finds the longest viable start.
  let viable = 0;
  let tooLong = text.length + 1;
  while (tooLong - viable > 1) {
    const middle = Math.floor((viable + tooLong) / 2);
    if (couldBegin(text.slice(0, middle))) viable = middle;
    else tooLong = middle;
  }
  return placeOf(text, Math.min(viable, text.length));
}

/** Does this text parse, or fail only because it ends too soon? */
function couldBegin(start: string): boolean {
  try {
    JSON.parse(start);
    return true;
  } catch (err) {
    const message = (err as Error).message;
    if (/Unexpected end of JSON input/.test(message)) return true;
    const position = /at position (\d+)/.exec(message);
    return position !== null && Number(position[1]) >= start.length;
  }
}

function placeOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: before.at(-1)!.length + 1 };
}
