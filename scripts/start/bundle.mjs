// A lesson as one prebuilt JavaScript file, rebuilt whenever a file it was built from changed.
//
// Why: run from source, every start transpiles and loads some 500 files (s12's CLI imports
// every lesson) through tsx's loader, about a second of work before the first line. esbuild
// turns the same files into one in a fraction of that, once; later starts only check that
// nothing changed (one stat per input file, a few milliseconds) and load the one file.
//
// The cache lives in the lesson's node_modules/.cache/start/ (git-ignored, gone with a clean
// install):
//   manifest.json     which build is current, the entry it was built from, and each input
//                     file's size and mtime when it was read
//   <build id>/       main.mjs and its source map; a build writes only its own folder
// The manifest is replaced by a rename, so two starts at once each see a whole build, old or new.
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import { closeSync, constants, fstatSync, openSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** Bump when the build's options change: every cached bundle is then rebuilt. */
const FORMAT = 1;

/** An input modified this close to the build's start may have been read before the change (coarse mtimes): build again next time. */
const UNSURE_MS = 2000;

/** Where a lesson's bundle is kept: its own node_modules, which git and the docs ignore. */
export function cacheDirOf(lessonDir) {
  return path.join(lessonDir, "node_modules", ".cache", "start");
}

/**
 * The cached bundle for `entry` if every file it was built from is unchanged, else undefined.
 * This runs on every start, so it only reads one small JSON file and stats each input.
 */
export function cachedBundle(entry, cacheDir) {
  const manifest = readManifest(cacheDir); // never built, or unreadable: build
  if (manifest?.format !== FORMAT || manifest.entry !== entry) return undefined;
  for (const [file, size, mtimeMs] of manifest.inputs) {
    try {
      const stat = statSync(file);
      if (stat.size !== size || stat.mtimeMs !== mtimeMs) return undefined;
    } catch {
      return undefined; // an input is gone (a deleted file, an upgraded package)
    }
  }
  const bundle = path.join(cacheDir, manifest.build, "main.mjs");
  return isFile(bundle) ? bundle : undefined;
}

/**
 * Build `entry` into a new bundle and make it the current one; returns its path.
 * `extraInputs` are files that change the bundle without being in it (the lockfile, this file).
 */
export async function buildBundle(entry, cacheDir, extraInputs = []) {
  const { build } = await import("esbuild");
  const started = Date.now();
  const id = `${started.toString(36)}-${process.pid}`;
  const outfile = path.join(cacheDir, id, "main.mjs");
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm", // the lessons use top-level await (the bash parser s03 imports)
    target: "node20",
    // Stack traces name the .ts file and line (start/stack-traces.mjs reads the map); the sources
    // themselves are on disk, so the map need not carry them.
    sourcemap: "linked",
    sourcesContent: false,
    metafile: true,
    logLevel: "silent",
    // Bundled CommonJS packages call require() for Node's own modules: give them one.
    banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
    plugins: [ownUrls],
  });
  const inputs = [...Object.keys(result.metafile.inputs).map((f) => path.resolve(f)), ...extraInputs];
  const manifest = { format: FORMAT, entry, build: id, inputs: inputs.flatMap((file) => stampOf(file, started)) };
  const previous = currentBuild(cacheDir);
  await replaceFile(path.join(cacheDir, "manifest.json"), JSON.stringify(manifest));
  await removeOldBuilds(cacheDir, [id, previous], started);
  return outfile;
}

/**
 * A module that asks where it is (`import.meta.url`: s01 finds its demo scripts, core the
 * practice workspace, the bash analysis its grammar) must get its own file's address, not the bundle's:
 * each file is given its own as a constant.
 */
const ownUrls = {
  name: "own-import-meta-url",
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, async ({ path: file }) => {
      const { readFile } = await import("node:fs/promises");
      const text = await readFile(file, "utf8");
      if (!text.includes("import.meta.url")) return undefined; // esbuild reads it as usual
      const loader = /\.[cm]?ts$/.test(file) ? "ts" : "js";
      return { contents: text.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(file).href)), loader };
    });
  },
};

/** [file, size, mtime] as the build saw it; a file changed during the build gets an mtime that never matches. */
function stampOf(file, started) {
  try {
    const stat = statSync(file);
    return [[file, stat.size, stat.mtimeMs >= started - UNSURE_MS ? -1 : stat.mtimeMs]];
  } catch {
    return []; // not a file on disk (esbuild's own virtual inputs)
  }
}

function currentBuild(cacheDir) {
  return readManifest(cacheDir)?.build;
}

/** Larger than any manifest a build writes (a few hundred KiB for s12): past it, it is not ours. */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

/**
 * The manifest, or undefined when there is none or it is not one a build wrote. Whatever sits
 * there is read with care: only a regular file (a named pipe would block the start for ever;
 * O_NONBLOCK opens it without waiting), at most MAX_MANIFEST_BYTES, of the shape written above
 * (a build id that is a folder name, inputs as [file, size, mtime]).
 */
function readManifest(cacheDir) {
  let fd;
  try {
    fd = openSync(path.join(cacheDir, "manifest.json"), constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    const info = fstatSync(fd);
    if (!info.isFile() || info.size > MAX_MANIFEST_BYTES) return undefined;
    const manifest = JSON.parse(readFileSync(fd, "utf8"));
    const stamp = (input) => Array.isArray(input) && input.length === 3 && typeof input[0] === "string" && Number.isFinite(input[1]) && Number.isFinite(input[2]);
    const shaped = typeof manifest?.build === "string" && /^[0-9a-z]+-\d+$/.test(manifest.build) && Array.isArray(manifest.inputs) && manifest.inputs.every(stamp);
    return shaped ? manifest : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Write to a file of our own, then rename it over the old one: a reader never sees half a file. */
async function replaceFile(file, text) {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, file);
}

/** How old another build must be before it is removed: one started more recently may still be writing. */
const OLD_BUILD_MS = 10 * 60_000;

/**
 * Builds other than these go once they are old: the previous one stays, in case a start that
 * read the old manifest is loading it now, and so does any build another start began lately.
 */
async function removeOldBuilds(cacheDir, keep, now) {
  for (const entry of await readdir(cacheDir, { withFileTypes: true })) {
    const startedAt = parseInt(entry.name.split("-")[0] ?? "", 36);
    if (!entry.isDirectory() || keep.includes(entry.name) || !(now - startedAt > OLD_BUILD_MS)) continue;
    await rm(path.join(cacheDir, entry.name), { recursive: true, force: true });
  }
}

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
