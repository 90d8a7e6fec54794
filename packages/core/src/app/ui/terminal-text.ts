/**
 * Text that came from a model, a tool or a file, made safe to put on a terminal.
 *
 * A terminal obeys what it is sent: `ESC ] 52 ; c ; <base64> BEL` writes the clipboard (the
 * next paste runs what the model chose), `ESC [ 2 J` clears the screen, `ESC [ 1 A` moves up
 * to overwrite a line the user already read — a permission question, say. None of that may
 * come from text the harness merely shows. So every escape sequence, and every other control
 * character but newline and tab (C0, DEL, and C1, where 0x9b is a one-character `ESC [`), is
 * removed before the screen writes.
 *
 * The harness's own colours are escape sequences too. The screen writes whole lines with the
 * colours already applied, so instead of cleaning each piece before it is coloured (and
 * missing one), the screen cleans what it writes and keeps exactly the sequences the palette
 * makes (colors.ts). Text can therefore still colour itself with those few — only colour,
 * nothing a terminal does beyond that.
 */

/** The palette's sequences, and nothing else: bold, dim, their reset, six colours and theirs. */
const HARNESS_COLOUR = /^\x1b\[(?:1|2|22|3[1-69])m$/;

/**
 * An escape sequence, each in its 7-bit form (ESC [) and its 8-bit one (0x9b): CSI with its
 * parameters; OSC up to BEL or ST (or the line's end, if unterminated); DCS, SOS, PM, APC up
 * to ST; any other ESC with its final byte. Or else one control character.
 */
const CONTROL =
  /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|(?:\x1b\]|\x9d)[^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)?|(?:\x1b[PX^_]|[\x90\x98\x9e\x9f])[^\x1b\x9c]*(?:\x1b\\|\x9c)?|\x1b[ -/]*[0-~]|[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/** `text` without control characters and escape sequences, but for newlines, tabs and the harness's colours. */
export function terminalSafe(text: string): string {
  return text.replace(CONTROL, (sequence) => (HARNESS_COLOUR.test(sequence) ? sequence : ""));
}
