/**
 * A rebuild's starter, made from the lesson's own file at `start`: the bodies of the functions
 * that are the idea are replaced by the exercise's text (what the student has to work with: a
 * comment saying what to write, a throw); everything else — imports, types, comments, the
 * helpers — is the lesson's file as it is today. So a starter never drifts from its lesson, and
 * a lesson that renames the function makes the exercise fail loudly (the proof test) instead of
 * going stale.
 *
 * TypeScript's own parser finds each body: braces in strings and templates cannot fool it.
 */
import ts from "typescript";

/** The top-level function declarations of `text`, by name. */
function functionsOf(text: string, fileName: string): { source: ts.SourceFile; found: Map<string, ts.FunctionDeclaration> } {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = new Map<string, ts.FunctionDeclaration>();
  for (const s of source.statements) if (ts.isFunctionDeclaration(s) && s.name) found.set(s.name.text, s);
  return { source, found };
}

/**
 * An extension's starter: `text` with `todos[name]` (comment lines) put just above each named
 * function and its doc comment — the lesson's code untouched, the to-do note where the change goes.
 */
export function insertTodos(text: string, fileName: string, todos: Readonly<Record<string, string>>): string {
  const { source, found } = functionsOf(text, fileName);
  const missing = Object.keys(todos).filter((name) => !found.has(name));
  if (missing.length > 0) throw new Error(`${fileName} has no function ${missing.join(", ")} to put the exercise's to-do note above: did the lesson rename it?`);
  return Object.entries(todos)
    .map(([name, todo]) => ({ at: found.get(name)!.getStart(source, true), todo })) // true: from its doc comment
    .sort((a, b) => b.at - a.at)
    .reduce((out, { at, todo }) => `${out.slice(0, at).trimEnd()}\n\n${todo.trimEnd()}\n${out.slice(at)}`, text);
}

/** `text` (the file `fileName`) with each named function's body replaced by `bodies[name]`. */
export function takeOutBodies(text: string, fileName: string, bodies: Readonly<Record<string, string>>): string {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body && Object.hasOwn(bodies, node.name.text)) {
      // Inside the braces: the signature and the braces stay the lesson's.
      edits.push({ start: node.body.getStart(source) + 1, end: node.body.end - 1, text: bodies[node.name.text]! });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const missing = Object.keys(bodies).filter((name) => !source.statements.some((s) => ts.isFunctionDeclaration(s) && s.name?.text === name));
  if (missing.length > 0) throw new Error(`${fileName} has no function ${missing.join(", ")} to take out: did the lesson rename it?`);
  return edits
    .sort((a, b) => b.start - a.start)
    .reduce((out, edit) => `${out.slice(0, edit.start)}\n${edit.text.trimEnd()}\n${out.slice(edit.end)}`, text);
}
