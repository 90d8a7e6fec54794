/** A problem the generator reports in one line (a broken demo, a README without markers). */
export class DocsError extends Error {
  override name = "DocsError";
}
