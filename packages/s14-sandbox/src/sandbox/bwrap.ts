/**
 * A command, started inside bubblewrap. The whole machine is mounted read-only, then a few
 * places are opened or hidden again, in this order (a later mount covers an earlier one):
 *
 *   --ro-bind / /                 everything readable, nothing writable
 *   --proc /proc  --dev /dev      a fresh /proc of its own PID namespace: no other process's environ
 *   --bind <workspace>            the places it may write: the workspace, and the session's
 *   --bind <temp dir>             own temp dir (TMPDIR points there; /tmp itself is read-only)
 *   --ro-bind .git/config …       …except what decides what git and the agent run later
 *   --ro-bind /dev/null .env      files no one may read: empty; folders: an empty tmpfs
 *
 * and it gets no network (`--unshare-net`), no capabilities even as root (`--unshare-user
 * --cap-drop ALL`), no way to make a user namespace of its own to undo the mounts
 * (`--disable-userns`), no terminal to type into (`--new-session`), and dies with its parent.
 */
import type { Launch } from "@learn/core/harness";

export interface SandboxMounts {
  /** Folders the command may write: the workspace, the session's temp dir. */
  writable: readonly string[];
  /** The session's temp dir (one of `writable`): TMPDIR inside. */
  tmp: string;
  /** Paths inside them it may only read (.git/config, .git/hooks, .claude…): they exist. */
  readOnly: readonly string[];
  /** Files it may not read: they appear empty. */
  hiddenFiles: readonly string[];
  /** Folders it may not read: they appear empty. */
  hiddenFolders: readonly string[];
}

export function bwrapArgs(mounts: SandboxMounts, cwd: string): string[] {
  return [
    "--ro-bind", "/", "/",
    "--dev", "/dev",
    "--proc", "/proc",
    ...mounts.writable.flatMap((dir) => ["--bind", dir, dir]),
    ...mounts.readOnly.flatMap((p) => ["--ro-bind", p, p]),
    ...mounts.hiddenFiles.flatMap((file) => ["--ro-bind", "/dev/null", file]),
    ...mounts.hiddenFolders.flatMap((dir) => ["--tmpfs", dir, "--remount-ro", dir]),
    "--unshare-user", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
    "--cap-drop", "ALL",
    "--disable-userns",
    "--new-session",
    "--die-with-parent",
    "--setenv", "TMPDIR", mounts.tmp,
    "--chdir", cwd,
  ];
}

/** The same launch, as bwrap's: `bwrap <mounts…> -- <program> <args…>`. */
export function inBwrap(launch: Launch, mounts: SandboxMounts): Launch {
  return { ...launch, file: "bwrap", args: [...bwrapArgs(mounts, launch.cwd), "--", launch.file, ...launch.args] };
}
