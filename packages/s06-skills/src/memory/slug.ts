/**
 * A memory's name becomes its file's name, and the name comes from the model, so it must be
 * made safe first. A slug keeps only lowercase ASCII letters, digits and single hyphens:
 * no slash, no dot, nothing a file system or a shell reads specially. So "../../etc/passwd"
 * becomes "etc-passwd", a file *inside* .memory/ like any other, and "Café notes" becomes
 * "cafe-notes".
 *
 * The same name always gives the same slug, and different names should give different
 * slugs: a name cut short for length, or one with nothing left after folding ("日本語"),
 * gets a short hash of the whole name instead of colliding with every other such name.
 * Folding still makes some names meet ("C++ notes" and "C# notes" are both "c-notes"), so
 * the store never takes a shared slug to mean the same memory: see store.ts.
 */
import { createHash } from "node:crypto";

/** Longest slug, so `<slug>.md` stays far from any file system's name limit. */
export const MEMORY_SLUG_MAX = 60;

/**
 * Names a memory file must not take: "memory" is MEMORY.md on a case-insensitive file
 * system (macOS, Windows), and Windows refuses its device names whatever the extension.
 */
const RESERVED = /^(memory|con|prn|aux|nul|com\d|lpt\d)$/;

/** 8 hex digits of the name's SHA-1: enough to keep two names apart in one folder. */
function shortHash(name: string): string {
  return createHash("sha1").update(name).digest("hex").slice(0, 8);
}

/** The file-name-safe form of a memory's name (without ".md"). Never empty, never a path. */
export function memorySlug(name: string): string {
  const folded = name
    .normalize("NFKD") // "é" → "e" + a combining accent, which the next line drops
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (folded === "") return `memory-${shortHash(name)}`;
  if (RESERVED.test(folded)) return `${folded}-note`;
  if (folded.length <= MEMORY_SLUG_MAX) return folded;
  const kept = folded.slice(0, MEMORY_SLUG_MAX - 9).replace(/-+$/, "");
  return `${kept}-${shortHash(name)}`;
}
