/**
 * A lesson's README or REFERENCE, in one language: the plan generate.ts makes, which the
 * comparison chapter adds to (its own file, so neither imports the other for it).
 */
export interface ReadmePlan {
  /** Absolute path. */
  file: string;
  /** Relative to the root, for messages: `packages/s01-loop/README.md`. */
  rel: string;
  /** The file as it is now; undefined when it does not exist yet. */
  before: string | undefined;
  /** The file with every generated block up to date. */
  after: string;
  /** The blocks and excerpts whose text differs from what is on disk: `code-diff`, `excerpt src/x.ts#f`. */
  stale: string[];
}
