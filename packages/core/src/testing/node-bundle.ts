/**
 * A TypeScript file for a test's child process, as one JavaScript file plain `node` runs.
 *
 * Why: a test that needs another process (writers racing for a lock, a session killed
 * mid-write) started it through tsx, whose loader costs about a second of CPU a start, and the
 * suite starts some thirty. This builds the file and all it imports into one bundle with
 * esbuild, the same cached build the lessons start from (scripts/start/bundle.mjs): built once,
 * rebuilt when a file it was built from changes. A start then costs what plain node costs, and
 * the child runs the very code the test imports, only bundled.
 *
 *   spawn(process.execPath, [await bundledForNode(fixture), ...args])
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "../platform/config.ts";

/** What scripts/start/bundle.mjs offers (plain JavaScript: it runs before anything compiles TypeScript). */
interface BundleCache {
  cachedBundle(entry: string, cacheDir: string): string | undefined;
  buildBundle(entry: string, cacheDir: string, extraInputs?: string[]): Promise<string>;
}

/** One build per file per test process, however many children start from it. */
const bundles = new Map<string, Promise<string>>();

/** The path of a current bundle of `file` (absolute), built first if it is missing or out of date. */
export function bundledForNode(file: string): Promise<string> {
  let bundle = bundles.get(file);
  if (!bundle) {
    bundle = bundleOf(file);
    bundles.set(file, bundle);
    bundle.catch(() => bundles.delete(file)); // a failed build is tried again next time
  }
  return bundle;
}

async function bundleOf(file: string): Promise<string> {
  const root = repoRoot();
  const builder = path.join(root, "scripts", "start", "bundle.mjs");
  const { cachedBundle, buildBundle } = (await import(pathToFileURL(builder).href)) as BundleCache;
  // Each file its own cache folder (a folder holds one entry's builds), in git-ignored node_modules.
  const id = createHash("sha256").update(file).digest("hex").slice(0, 16);
  const cacheDir = path.join(root, "node_modules", ".cache", "test-bundles", `${path.basename(file, path.extname(file))}-${id}`);
  // As for a lesson's start: an upgraded package or a changed build changes the bundle too.
  return cachedBundle(file, cacheDir) ?? (await buildBundle(file, cacheDir, [path.join(root, "pnpm-lock.yaml"), builder]));
}
