/** A one-line spinner while we wait for the model. Only drawn on a terminal. */
const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const FRAME_MS = 80;

export class Spinner {
  private timer: NodeJS.Timeout | undefined;
  private frame = 0;

  constructor(private readonly out: NodeJS.WritableStream & { isTTY?: boolean }) {}

  start(label: string): void {
    if (!this.out.isTTY || this.timer) return;
    this.timer = setInterval(() => {
      this.out.write(`\r${FRAMES[this.frame++ % FRAMES.length]} ${label}`);
    }, FRAME_MS);
    this.timer.unref();
  }

  stop(): void {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.out.write("\r\x1b[2K"); // erase the spinner line
  }
}
