// Stack traces from the bundle name the .ts file and line, as they would run from source.
//
// Why not Node's --enable-source-maps: it reads and parses the whole source map when the
// bundle loads — for s01 a 1.4 MB map, which doubled the start's CPU time. A stack trace is
// rare, so the map is read here the first time one is written, and never otherwise.
import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** From now on, a frame in `bundle` is shown at its place in the source (from `bundle`.map). */
export function mapStackTraces(bundle) {
  const url = pathToFileURL(bundle).href;
  let map; // read on the first stack trace that needs it
  const placeOf = (line, column) => {
    map ??= readMap(`${bundle}.map`);
    const found = map?.findEntry(line - 1, column - 1);
    if (!found?.originalSource) return undefined;
    const file = path.resolve(path.dirname(bundle), found.originalSource);
    return `${file}:${found.originalLine + 1}:${found.originalColumn + 1}`;
  };
  Error.prepareStackTrace = (error, frames) => {
    const lines = frames.map((frame) => {
      const text = frame.toString();
      const at = frame.getFileName() === url ? placeOf(frame.getLineNumber(), frame.getColumnNumber()) : undefined;
      return `    at ${at ? text.replace(`${url}:${frame.getLineNumber()}:${frame.getColumnNumber()}`, at) : text}`;
    });
    return [headerOf(error), ...lines].join("\n");
  };
}

function readMap(file) {
  try {
    return new SourceMap(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return undefined; // no map: the bundle's own places are shown
  }
}

/** The trace's first line, as V8 writes it ("TypeError: x is not a function"). */
function headerOf(error) {
  try {
    return String(error);
  } catch {
    return "Error";
  }
}
