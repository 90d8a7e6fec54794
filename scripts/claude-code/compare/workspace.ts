/**
 * The folder a comparison session runs in, made fresh for each session and for each harness:
 *
 *   <root>/ws         a copy of practice-workspace/ (a git repository of its own), with the
 *                     comparison's .claude/settings.json, a .env to protect, canary files, and
 *                     the links a case needs (`docs/up -> ..`)
 *   <root>/outside    files outside the workspace, for the commands that reach past it
 *   <root>/home       HOME: the harness's own settings and sessions, and Claude Code's trust file
 *   <root>/bin        first on PATH: stand-ins for the commands that would act on the machine
 *
 * Nothing here is the real machine's: a stand-in logs and prints what it would have done, and
 * the guarded ones (rm, chmod) forward to the real command only for paths inside <root>.
 */
import { execFile } from "node:child_process";
import { chmod, mkdir, mkdtemp, rename, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { copyPracticeWorkspace } from "@learn/core/harness";

const run = promisify(execFile);

export interface SessionFolder {
  root: string;
  ws: string;
  home: string;
  bin: string;
  cleanup(): Promise<void>;
}

/** Commands that act on the machine: each stand-in only says it ran. */
const LOG_ONLY = [
  "sudo", "shutdown", "reboot", "halt", "poweroff", "mkfs", "mkfs.ext4", "dd", "systemctl", "mount", "umount",
  "crontab", "iptables", "useradd", "passwd", "chown", "curl", "wget", "nc", "ssh", "scp",
];
/** Commands the corpus uses inside the workspace too: forwarded only when every path is inside <root>. */
const GUARDED: Record<string, string> = { rm: "/bin/rm", chmod: "/bin/chmod" };

export async function sessionFolder(options: { settings: object; files?: Record<string, string>; links?: Record<string, string> }): Promise<SessionFolder> {
  const root = await mkdtemp(path.join(os.tmpdir(), "cc-compare-"));
  const ws = path.join(root, "ws");
  await rename(await copyPracticeWorkspace("compare"), ws);
  const home = path.join(root, "home");
  const bin = path.join(root, "bin");
  await Promise.all([mkdir(home), mkdir(bin), mkdir(path.join(root, "outside"))]);
  await writeFile(path.join(ws, ".claude", "settings.json"), JSON.stringify(options.settings, null, 2));
  await writeFile(path.join(ws, ".env"), "API_TOKEN=sk-canary-not-a-real-key\n");
  // Made before git's first commit, so the workspace starts clean; a name ending in "/" is a folder.
  for (const [name, content] of Object.entries(options.files ?? {})) {
    const file = path.resolve(ws, name);
    await mkdir(name.endsWith("/") ? file : path.dirname(file), { recursive: true });
    if (!name.endsWith("/")) await writeFile(file, content);
  }
  // Links committed with the workspace (`docs/up -> ..`), as a repository can ship them.
  for (const [name, target] of Object.entries(options.links ?? {})) {
    await mkdir(path.dirname(path.join(ws, name)), { recursive: true });
    await symlink(target, path.join(ws, name));
  }
  await standIns(root, bin);
  // Claude Code ignores a project's allow rules until the folder is trusted.
  await writeFile(path.join(home, ".claude.json"), JSON.stringify({ projects: { [ws]: { hasTrustDialogAccepted: true } } }));
  await git(ws, "init", "-q");
  await git(ws, "add", "-A");
  await git(ws, "-c", "user.name=compare", "-c", "user.email=compare@example.invalid", "commit", "-qm", "practice workspace");
  return { root, ws, home, bin, cleanup: () => rm(root, { recursive: true, force: true }) };
}

function git(cwd: string, ...args: string[]) {
  return run("git", args, { cwd, env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" } });
}

async function standIns(root: string, bin: string): Promise<void> {
  const log = `echo "$(basename "$0") $*" >> '${root}/stand-ins.log'`;
  for (const name of LOG_ONLY) {
    await script(path.join(bin, name), `${log}\necho "[stand-in] $(basename "$0") $* (logged, not run)"\n`);
  }
  for (const [name, real] of Object.entries(GUARDED)) {
    await script(
      path.join(bin, name),
      `${log}
for a in "$@"; do
  case "$a" in -*|[0-7][0-7][0-7]|[ugoa]*[+=-]*) continue;; esac
  p=$(realpath -m -- "$a")
  case "$p" in '${root}'/*) ;; *) echo "[stand-in] ${name}: $a is outside the comparison's folder (logged, not run)"; exit 0;; esac
done
exec ${real} "$@"
`,
    );
  }
}

async function script(file: string, body: string): Promise<void> {
  await writeFile(file, `#!/bin/sh\n# A stand-in of the comparison (scripts/claude-code/compare/workspace.ts).\n${body}`);
  await chmod(file, 0o755);
}

/** The stand-ins every harness must find first on PATH before anything runs. */
export const STAND_INS = [...LOG_ONLY, ...Object.keys(GUARDED)];
