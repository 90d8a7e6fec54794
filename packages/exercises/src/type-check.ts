/**
 * TypeScript's verdict on the student's files. The checks run the code through vitest, which
 * strips types without checking them: `const total: number = "x"` runs, and every check could
 * pass on code the lesson's own `pnpm typecheck` rejects. So `check` also asks the compiler,
 * with the lesson's tsconfig, and "Well done" needs both.
 *
 * The student's copy sits in `exercises/<id>/`, outside the lesson: a package import
 * (`@learn/core`, `zod`) is resolved as if from the lesson's src/ (as the check runner does),
 * a relative one from where the file is. Only the student's own files' errors are reported.
 */
import path from "node:path";
import ts from "typescript";

export interface TypeError {
  /** `loop.ts:12:7` */
  where: string;
  message: string;
}

/** The type errors in `files` (absolute paths), checked as the lesson in `lessonDir` is. */
export function typeErrors(files: readonly string[], lessonDir: string): TypeError[] {
  const { config } = ts.readConfigFile(path.join(lessonDir, "tsconfig.json"), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, lessonDir);
  const host = ts.createCompilerHost(options);
  const fromLesson = path.join(lessonDir, "src", "index.ts");
  const own = new Set(files.map((file) => path.resolve(file)));
  host.resolveModuleNameLiterals = (literals, containing, redirected, opts) =>
    literals.map(({ text }) => ts.resolveModuleName(text, own.has(path.resolve(containing)) && !text.startsWith(".") ? fromLesson : containing, opts, host, undefined, redirected));
  const program = ts.createProgram({ rootNames: [...own], options, host });
  return [...own].flatMap((file) => {
    const source = program.getSourceFile(file);
    if (!source) return [];
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) => describe(d, file));
  });
}

function describe(diagnostic: ts.Diagnostic, file: string): TypeError {
  const at = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : undefined;
  const where = at ? `${path.basename(file)}:${at.line + 1}:${at.character + 1}` : path.basename(file);
  return { where, message: ts.flattenDiagnosticMessageText(diagnostic.messageText, " ") };
}
