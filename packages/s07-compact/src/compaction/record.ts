/**
 * What the harness itself wrote into the conversation: the marker of each text it moved to a
 * file, and the placeholder of each result it compacted. "Is this text already a marker?" is
 * answered here, from that record, and never from how the text begins: a tool's output (or a
 * teammate's message) can start with `<persisted-output path="…">` or "[Earlier tool result
 * compacted" as easily as the harness can, and if the prefix decided, a 50 KB output that
 * forged one would ride along whole in every request, never moved, never compacted.
 *
 * A text counts as the harness's only when it is exactly a text the harness wrote, so a copy
 * the model makes of a real marker is that same short marker, pointing at that same real file.
 * One record per agent, in the closure of its compaction hooks, for as long as the agent lives.
 */
export class CompactionRecord {
  /** Each marker written, and the file (relative to the workspace) it stands for. */
  private readonly markers = new Map<string, string>();
  private readonly placeholders = new Set<string>();

  /** The harness replaced a text with `marker`: the whole text is in `file`. */
  notePersisted(marker: string, file: string): void {
    this.markers.set(marker, file);
  }

  /** The file behind `text` if the harness wrote it as a marker; undefined for any other text. */
  persistedFile(text: string): string | undefined {
    return this.markers.get(text);
  }

  /** The harness replaced an old result with `placeholder`. */
  notePlaceholder(placeholder: string): void {
    this.placeholders.add(placeholder);
  }

  isPlaceholder(text: string): boolean {
    return this.placeholders.has(text);
  }
}
