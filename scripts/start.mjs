// How a lesson starts: `pnpm --filter s01 start` runs `node ../../scripts/start.mjs s01`, and
// `node scripts/start.mjs s01 …` from the repository root does the same without pnpm's own
// start-up. The rest of the command line goes to the lesson (`--print "…"`, `--demo`, …).
//
// It runs the lesson's src/main.ts from a bundle: one JavaScript file esbuild built from it and
// everything it imports, cached, and rebuilt first whenever any of those files changed — so an
// edit in src/ shows at the next start, with no step to remember (see start/bundle.mjs). Stack
// traces still name the .ts files (its source map, read only when one is written). Should the build fail, the lesson runs from
// source through tsx, as it would without this file, after one line saying so.
//
// Plain JavaScript on purpose: this runs before anything could compile TypeScript.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildBundle, cacheDirOf, cachedBundle } from "./start/bundle.mjs";
import { mapStackTraces } from "./start/stack-traces.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");

const lessonDir = lessonDirOf(process.argv[2]);
const entry = path.join(lessonDir, "src", "main.ts");
// The lesson reads its own arguments from process.argv.slice(2), as if started as `node src/main.ts …`.
process.argv.splice(1, 2, entry);

const bundle = await bundleOf(entry);
if (bundle) {
  mapStackTraces(bundle);
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(entry).href);
}

/**
 * The lesson's folder: a path to one (with src/main.ts; it has a "/": `./s01`, `packages/s01-loop`),
 * or a bare name, looked up under packages/ only (`s01`, `s01-loop`) — never a folder of that
 * name in whatever folder the command was typed in, which would run someone else's main.ts.
 */
function lessonDirOf(name) {
  if (name?.includes("/") && existsSync(path.resolve(name, "src", "main.ts"))) return path.resolve(name);
  const lessons = readdirSync(path.join(root, "packages")).filter((dir) => existsSync(path.join(root, "packages", dir, "src", "main.ts")));
  const found = name && lessons.find((dir) => dir === name || dir.startsWith(`${name}-`));
  if (found) return path.join(root, "packages", found);
  process.stderr.write(`${name ? `No lesson named ${name}` : "Which lesson?"}: node scripts/start.mjs <lesson> [options], the lessons being ${lessons.map((d) => d.split("-")[0]).join(", ")}\n`);
  process.exit(2);
}

/** The current bundle, built first if a source changed; undefined if it cannot be built (then tsx runs the source). */
async function bundleOf(entry) {
  const cacheDir = cacheDirOf(lessonDir);
  try {
    // The lockfile (an upgraded package) and the build's own code change a bundle too.
    return cachedBundle(entry, cacheDir) ?? (await buildBundle(entry, cacheDir, [path.join(root, "pnpm-lock.yaml"), path.join(here, "start", "bundle.mjs")]));
  } catch (err) {
    process.stderr.write(`Could not bundle ${path.relative(process.cwd(), entry)} (${reasonOf(err)}): running it from source with tsx instead.\n`);
    return undefined;
  }
}

/** esbuild's first error with its place, or the error's first line. */
function reasonOf(err) {
  const first = err?.errors?.[0];
  if (first?.location) return `${first.location.file}:${first.location.line}: ${first.text}`;
  return String(first?.text ?? err?.message ?? err).split("\n")[0];
}
