/**
 * What a sed script does besides editing the text it reads. GNU sed's script can write files
 * (`w FILE`, `W FILE`, the `w FILE` flag of `s///`), read them (`r FILE`, `R FILE`) and run
 * commands (`e`, `e CMD`, the `e` flag of `s///`): `sed -n 'w ../x' README.md` writes outside
 * the workspace, `sed '1e cat .env' README.md` runs cat. So a sed line is judged by its script
 * too: files it reads and writes become paths the policy checks, and a script that runs
 * commands — or one this reader cannot follow — makes the line one no rule may approve.
 *
 * Grammar followed (GNU sed 4.9 manual, "sed scripts"): `;` or a newline between commands;
 * addresses (`3`, `$`, `/re/`, `\%re%`, `first~step`, `addr,+N`) then `!`; `{ }` blocks;
 * `a`/`i`/`c` text, `r`/`R`/`w`/`W`/`e` arguments and the `w` flag run to the end of the line.
 */

export interface SedScript {
  read: string[];
  written: string[];
  /** It runs commands (`e`), or it could not be read: no rule may approve it. */
  executes?: string;
}

/** sed's own names for its standard streams: no file is written or read. */
const STREAMS = new Set(["/dev/stdout", "/dev/stderr", "/dev/stdin"]);
const NO_ARGUMENT = new Set([..."=dDgGhHlnNpPxzF}"]);
const NUMBER_ARGUMENT = new Set([..."qQlL"]);
const LABEL_ARGUMENT = new Set([..."btT:v"]);
const TEXT_ARGUMENT = new Set([..."aic"]);

export function readSedScript(script: string): SedScript {
  const result: SedScript = { read: [], written: [] };
  try {
    new SedReader(script, result).commands();
  } catch (error) {
    result.executes ??= `its sed script cannot be followed (${(error as Error).message})`;
  }
  result.read = result.read.filter((f) => !STREAMS.has(f));
  result.written = result.written.filter((f) => !STREAMS.has(f));
  return result;
}

class SedReader {
  private at = 0;
  constructor(
    private readonly text: string,
    private readonly result: SedScript,
  ) {}

  commands(): void {
    for (;;) {
      this.skip(/[\s;]/);
      if (this.at >= this.text.length) return;
      if (this.peek() === "#") {
        this.restOfLine();
        continue;
      }
      this.addresses();
      this.skip(/[\s!]/);
      this.command(this.text[this.at++] ?? "");
    }
  }

  private command(name: string): void {
    if (name === "{" || NO_ARGUMENT.has(name)) return;
    if (NUMBER_ARGUMENT.has(name)) return void this.skip(/[\s\d]/);
    if (LABEL_ARGUMENT.has(name)) return void this.until(/[;\n]/);
    if (TEXT_ARGUMENT.has(name)) return void this.restOfLine(true);
    if (name === "r" || name === "R") return void this.result.read.push(this.fileName());
    if (name === "w" || name === "W") return void this.result.written.push(this.fileName());
    if (name === "e") {
      this.result.executes ??= `its sed script runs a command (e${this.restOfLine()})`;
      return;
    }
    if (name === "s") return void this.substitute();
    if (name === "y") return void this.delimited();
    throw new Error(`unknown command ${JSON.stringify(name)}`);
  }

  private substitute(): void {
    this.delimited();
    for (;;) {
      const flag = this.text[this.at];
      if (flag === undefined || /[;\n}\s]/.test(flag)) return;
      this.at++;
      if (flag === "w") return void this.result.written.push(this.fileName());
      if (flag === "e") this.result.executes ??= "its sed script runs a command (the e flag of s)";
      else if (!/[gpiImM\d]/.test(flag)) throw new Error(`unknown flag ${flag} of s`);
    }
  }

  /** `/regex/replacement/` (or `y`'s two lists): the delimiter is the character after the command. */
  private delimited(): void {
    const delimiter = this.text[this.at++];
    if (!delimiter || delimiter === "\n" || delimiter === "\\") throw new Error("a delimiter is missing");
    for (let part = 0; part < 2; part++) {
      while (this.text[this.at] !== delimiter) {
        if (this.at >= this.text.length) throw new Error("an s or y command is not closed");
        this.at += this.text[this.at] === "\\" ? 2 : 1;
      }
      this.at++;
    }
  }

  private addresses(): void {
    for (let n = 0; n < 2; n++) {
      const c = this.peek();
      if (c === "/" || c === "\\") {
        if (c === "\\") this.at++;
        const delimiter = this.text[this.at++];
        while (this.text[this.at] !== delimiter) {
          if (this.at >= this.text.length) throw new Error("an address is not closed");
          this.at += this.text[this.at] === "\\" ? 2 : 1;
        }
        this.at++;
        this.skip(/[IM]/);
      } else this.skip(/[\d$~+]/);
      this.skip(/\s/);
      if (this.peek() !== ",") return;
      this.at++;
      this.skip(/\s/);
    }
  }

  /** A file name runs to the end of the line (`w out; p` writes "out; p"). */
  private fileName(): string {
    const name = this.restOfLine().trim();
    if (name === "") throw new Error("a file name is missing");
    return name;
  }

  private restOfLine(continued = false): string {
    const start = this.at;
    while (this.at < this.text.length && this.text[this.at] !== "\n") this.at += continued && this.text[this.at] === "\\" ? 2 : 1;
    return this.text.slice(start, this.at);
  }

  private until(stop: RegExp): void {
    while (this.at < this.text.length && !stop.test(this.text[this.at]!)) this.at++;
  }

  private skip(chars: RegExp): void {
    while (this.at < this.text.length && chars.test(this.text[this.at]!)) this.at++;
  }

  private peek(): string | undefined {
    return this.text[this.at];
  }
}
