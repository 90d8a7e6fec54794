/**
 * The one-line spinner of a screen, drawn only on a terminal. It is redrawn whole on every
 * frame (so a shorter label leaves nothing behind), cut to the terminal's width (a wrapped
 * line could not be erased with one `\r`), and erased only if it was drawn: erasing blindly
 * would wipe a half-written line of model text.
 */
const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const FRAME_MS = 80;
const ERASE_LINE = "\r\x1b[2K";

export type SpinnerStream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

export class Spinner {
  private timer: NodeJS.Timeout | undefined;
  private frame = 0;
  private drawn = false;

  /** `label` is asked on every frame, so it can change while the spinner turns. */
  constructor(
    private readonly out: SpinnerStream,
    private readonly label: () => string,
    private readonly style: (s: string) => string = (s) => s,
  ) {}

  start(): void {
    if (!this.out.isTTY || this.timer) return;
    this.timer = setInterval(() => this.draw(), FRAME_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.erase();
  }

  /** Take the spinner off the screen before a line is written; the next frame redraws it. */
  erase(): void {
    if (!this.drawn) return;
    this.out.write(ERASE_LINE);
    this.drawn = false;
  }

  private draw(): void {
    const width = Math.max((this.out.columns ?? 80) - 3, 10); // frame, space, and one spare column
    const label = [...this.label()];
    const fitted = label.length > width ? `${label.slice(0, width - 1).join("")}…` : label.join("");
    this.out.write(`${ERASE_LINE}${FRAMES[this.frame++ % FRAMES.length]} ${this.style(fitted)}`);
    this.drawn = true;
  }
}
