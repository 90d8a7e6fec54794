/**
 * Terminal colours, off when NO_COLOR is set (https://no-color.org) or the stream is not a
 * terminal; FORCE_COLOR turns them on anyway.
 */
export interface Palette {
  dim(s: string): string;
  bold(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  blue(s: string): string;
  magenta(s: string): string;
  cyan(s: string): string;
}

const code = (open: number, close: number) => (s: string) => `\x1b[${open}m${s}\x1b[${close}m`;

const colored: Palette = {
  dim: code(2, 22),
  bold: code(1, 22),
  red: code(31, 39),
  green: code(32, 39),
  yellow: code(33, 39),
  blue: code(34, 39),
  magenta: code(35, 39),
  cyan: code(36, 39),
};

const plain: Palette = Object.fromEntries(Object.keys(colored).map((k) => [k, (s: string) => s])) as unknown as Palette;

export function useColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0") return true;
  return stream.isTTY === true;
}

export function paletteFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Palette {
  return useColor(stream, env) ? colored : plain;
}

/**
 * A stable colour for a name: the same teammate is the same colour in every run, so a reader
 * learns who is who at a glance. Red stays for errors and yellow for notices.
 */
export function colorFor(name: string, c: Palette): (s: string) => string {
  const choices = [c.cyan, c.green, c.magenta, c.blue];
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return choices[hash % choices.length]!;
}
