/**
 * What rules look at in one call, its *subject* (matching.ts takes a call apart into it): the
 * commands it would run, the files it reads, writes and names. Types only, apart from the
 * matching, so the protected paths can read a subject without importing the matcher that asks them.
 */
import type { ShellCommand } from "@learn/bash-analysis";

/** A file a call reads or writes: a tool's path, or a bash redirection's target. */
export interface FileTarget {
  /** As written: `out.txt`, `/etc/passwd`, `$HOME/x`. */
  target: string;
  /** Relative to the workspace; undefined when outside it, the workspace itself, or not knowable in advance. */
  path: string | undefined;
  /** Where it really leads (symlinks resolved), relative to the workspace; undefined likewise. */
  real: string | undefined;
  /** Both the path and where it leads are in the workspace (or are the workspace). */
  inside: boolean;
  /** Absolute, as written and where it leads: what a protected file outside the workspace is matched on. */
  absolute: string | undefined;
  realAbsolute: string | undefined;
  /** Why where it leads cannot be told (a loop of links): no rule may clear it, a person is asked. */
  undecidable?: string;
}

/** A file a command names: it reads it, and it may change it unless the program only reads. */
export interface NamedFile extends FileTarget {
  mayWrite: boolean;
  /** Its place is known before the command runs (not `$X`, `~/x`, `*.md`, or relative after a `cd`). */
  placed: boolean;
}

/** A file a bash command writes through a redirection. */
export type RedirectWrite = FileTarget;

/** The parts of one call that rules look at. */
export interface CallSubject {
  tool: string;
  /** What rules may call the tool: ours (`read_file`) and Claude Code's (`Read`). */
  names: string[];
  /** The folder it runs in: the agent's, or the one the tool declares (a worktree). */
  cwd: string;
  /** Every simple command it would run, nested ones included. */
  commands: ShellCommand[];
  /** The files its commands write through redirections. */
  writes: RedirectWrite[];
  /** The files it reads, as the tool declares them. */
  reads: FileTarget[];
  /** The files it changes, as the tool declares them. */
  edits: FileTarget[];
  /** The files its commands name as arguments or read through `<`. */
  named: NamedFile[];
  /** Why the files its commands read cannot all be known in advance, if so (`cd x && ls`, `grep -r`). */
  readsUnknown?: string;
  /** The tool's own reason why no rule may approve this call (PolicySubject.unapprovable). */
  declaredUnapprovable?: string;
  /** The agent type the call starts, as the tool declares it (PolicySubject.agentType). */
  agentType?: string;
}
