/** Every tool output is capped before it reaches the model: context is the scarcest resource. */
export const MAX_OUTPUT_CHARS = 50_000;

const note = (dropped: number) => `\n... (output truncated: ${dropped} more characters)`;

/**
 * Cut `text` so that it, with a note saying how much was cut, fits in `max` characters —
 * the model must know it saw only a part. `alreadyDropped` counts characters cut before
 * (a command's output that was never stored), so the note stays true.
 */
export function capText(text: string, max = MAX_OUTPUT_CHARS, alreadyDropped = 0): string {
  if (text.length <= max && alreadyDropped === 0) return text;
  const keep = Math.min(text.length, max - note(text.length + alreadyDropped).length);
  return text.slice(0, keep) + note(text.length - keep + alreadyDropped);
}
