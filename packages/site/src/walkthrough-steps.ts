/**
 * The README's walkthrough block, cut into steps the page can show one at a time. The block
 * is generated (by the docs generator, from a real demo run): each step starts with a bold
 * "Step N ·" line (第 N 步 in Chinese) and runs until the next step, the next demo heading,
 * or the next bold label such as "Prompt:" or "Final answer:". Each step is wrapped in a
 * `<div class="walk-step">`, and the whole block in a `<div class="walkthrough">`; the
 * `<WalkthroughSteps>` theme component placed before it adds the step-by-step buttons in
 * the browser, and without script every step simply shows. The steps stay plain HTML, not
 * a component's slot, so the page compiles to static strings: a slot holding the whole
 * walkthrough made the build several times slower.
 */
import { readBlock } from "@learn/docs";

const STEP = /^\*\*(?:Step \d+|第 \d+ 步) · /;
const STEP_END = /^(?:#{1,6} |\*\*[^*\n]*[:：]\*\*)/;

/** The README with its walkthrough block wrapped for stepping; unchanged if it has none. */
export function wrapWalkthrough(readme: string, file: string): string {
  const body = readBlock(readme, "walkthrough", file);
  if (body === undefined) return readme;
  // A function, not a string, as the replacement: the block's text may hold `$&`-like sequences.
  return readme.replace(body, () => `\n<WalkthroughSteps />\n\n<div class="walkthrough">\n\n${wrapSteps(body)}\n\n</div>\n`);
}

export function wrapSteps(markdown: string): string {
  const out: string[] = [];
  let inStep = false;
  let inFence: string | undefined;
  const close = () => {
    if (inStep) out.push("", "</div>", "");
    inStep = false;
  };
  for (const line of markdown.split("\n")) {
    const fence = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (inFence) {
      if (fence && line.startsWith(inFence) && line.trim() === line.trim().replace(/[^`~]/g, "")) inFence = undefined;
    } else if (fence) {
      inFence = fence;
    } else if (STEP.test(line)) {
      close();
      out.push('<div class="walk-step">', "");
      inStep = true;
    } else if (STEP_END.test(line)) {
      close();
    }
    out.push(line);
  }
  close();
  return out.join("\n");
}
