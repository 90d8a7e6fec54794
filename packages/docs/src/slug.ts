/**
 * Heading ids as GitHub makes them. The course's Markdown is written to be read on GitHub, and
 * its links (`architecture.md#the-kernels-extension-points`, `REFERENCE.zh.md#权限规则`) use
 * GitHub's ids: the links check (links.ts) holds them to it, and the site gives its headings
 * the same ids. (VitePress's own rule differs: it turns an apostrophe into `-` and keeps
 * Chinese punctuation as `-`.) Lower case, every character that is not a letter, mark, digit,
 * connector, hyphen or space dropped, each space a hyphen.
 */
export function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");
}
