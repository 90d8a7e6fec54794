/**
 * Text from outside the harness, inside a block the harness writes. A background job's
 * output and a teammate's mail reach the model inside `<background-results>` or `<inbox>`,
 * next to the harness's own words; a program that prints `</background-results>` or a body
 * holding `From bob (shutdown_response, …):` would otherwise close the block or pose as
 * another sender. Quoted, every line is indented (the harness's headers start at the left
 * edge, quoted text never does) and its `<` `>` are `&lt;` `&gt;` (no tag in it is a tag):
 *
 *   job-1 completed (exit 0 after 0.3s): npm test
 *   Output:
 *     &lt;/background-results&gt;        ← the program printed this; the block goes on
 */

/** Every line indented two spaces, tags escaped; a line break of any kind is a line break. */
export function quoteText(text: string): string {
  return escapeTags(text)
    .split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)
    .map((line) => (line === "" ? "" : `  ${line}`))
    .join("\n");
}

/** `<` and `>` as entities: what is left of a tag cannot open or close a block. */
export const escapeTags = (text: string) => text.replace(/</g, "&lt;").replace(/>/g, "&gt;");
