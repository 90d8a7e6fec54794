/**
 * Heading ids as GitHub makes them: the docs generator's rule (@learn/docs checks the course's
 * `#anchor` links with it), used here so the site's ids are the ones those links name. Imported
 * by path, not by package name: the VitePress config, which uses it, is bundled by VitePress,
 * and a workspace package's TypeScript would be left to Node to load.
 */
export { githubSlug } from "../../docs/src/slug.ts";
