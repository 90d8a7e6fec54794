/**
 * Heading ids as GitHub makes them. The course's Markdown is written to be read on GitHub, and
 * its links (`architecture.md#the-kernels-extension-points`, `#参考权限规则`)
 * use GitHub's ids; VitePress's own rule differs (it turns an apostrophe into `-` and keeps
 * Chinese punctuation as `-`), so the site uses GitHub's: lower case, every character that
 * is not a letter, mark, digit, connector, hyphen or space dropped, each space a hyphen.
 */
export function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");
}
