/**
 * A markdown-it plugin: the course's Markdown links other repository files by relative path,
 * as GitHub shows them. On the site those files live elsewhere (routes.ts), so each relative
 * link is resolved from the file the page was made from and pointed at the page that shows
 * the target. A target with no page (a test fixture, a package.json) keeps its
 * text and loses the link: a site must not link to what it does not serve.
 *
 * It runs as a core rule, after parsing and before rendering, so VitePress's own link
 * handling (`.md` to `.html`, the dead-link check) then sees only links that resolve.
 */
import path from "node:path";
import type { MarkdownRenderer } from "vitepress";
import { pageForRepoFile, repoFileForPage } from "./routes.ts";

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#|\/)/i; // web, mail, in-page and site-absolute links stay

type Token = ReturnType<MarkdownRenderer["parse"]>[number];

export function linkRewrite(md: MarkdownRenderer): void {
  md.core.ruler.push("course-links", (state) => {
    const source = repoFileForPage(String((state.env as { relativePath?: string }).relativePath ?? ""));
    if (!source) return;
    for (const block of state.tokens) {
      if (block.type === "inline" && block.children) rewriteLinks(block.children, source.file, source.lang);
    }
  });
}

function rewriteLinks(tokens: Token[], from: string, lang: "en" | "zh"): void {
  let dropped = false;
  for (const token of tokens) {
    if (token.type === "link_open") {
      const href = token.attrGet("href") ?? "";
      if (EXTERNAL.test(href)) continue;
      const target = siteHref(from, href, lang);
      if (target) {
        token.attrSet("href", target);
      } else {
        // No page shows that file: keep the words, drop the link.
        Object.assign(token, { type: "html_inline", tag: "", content: `<span class="repo-path" title="${escapeAttr(href)}">` });
        dropped = true;
      }
    } else if (token.type === "link_close" && dropped) {
      Object.assign(token, { type: "html_inline", tag: "", content: "</span>" });
      dropped = false;
    }
  }
}

/** `../s02-tools/README.md#x` seen from `packages/s01-loop/README.md` -> `/lessons/s02-tools/index.md#x`. */
export function siteHref(from: string, href: string, lang: "en" | "zh"): string | undefined {
  const [file = "", anchor] = href.split("#", 2);
  const repoPath = path.posix.normalize(path.posix.join(path.posix.dirname(from), decodeURI(file)));
  const page = pageForRepoFile(repoPath, lang);
  if (!page) return undefined;
  return `/${page}${anchor && !page.includes("#") ? `#${anchor}` : ""}`;
}

function escapeAttr(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
