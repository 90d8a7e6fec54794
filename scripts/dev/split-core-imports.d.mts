/** The types of split-core-imports.mjs, for its test. */
export interface Rooms {
  /** The rooms' specifiers, in package.json's order: "@learn/core", "@learn/core/harness", … */
  specifiers: string[];
  /** Each exported name → the one room that exports it. */
  roomOf: Map<string, string>;
}

export function readRooms(): Rooms;

/** The file's new text, or undefined when it needs no change (or has a problem, pushed to `problems`). */
export function rewrite(file: string, text: string, rooms: Rooms, problems: string[]): string | undefined;
