/**
 * s14-bwrap-args: the student's bwrapArgs, read as bubblewrap reads it — mounts in order, a later
 * one covering an earlier one — and the isolation every command gets. No sandbox is started
 * (these checks run where bubblewrap is missing too); the lesson's sandbox tests start real ones.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import { argsOf, mountIndex } from "../check-helpers/bwrap.ts";

const MOUNTS = { writable: ["/w", "/t"], tmp: "/t", readOnly: ["/w/.claude", "/w/.git/config"], hiddenFiles: ["/w/.env"], hiddenFolders: ["/w/secrets"] };

export default defineChecks([
  {
    name: "the machine read-only first, then the workspace and the temp dir writable over it",
    async run(t) {
      const args = await argsOf(t, MOUNTS, "/w/sub");
      expect(mountIndex(args, "--ro-bind", "/", "/"), "the first mount should be `--ro-bind / /`: everything readable, nothing writable").toBe(0);
      for (const dir of ["/w", "/t"]) expect(mountIndex(args, "--bind", dir, dir), `\`--bind ${dir} ${dir}\` should come after \`--ro-bind / /\``).toBeGreaterThan(0);
      expect(mountIndex(args, "--proc", "/proc"), "a /proc of the sandbox's own (`--proc /proc`)").toBeGreaterThan(0);
    },
  },
  {
    name: "the protected paths read-only and the denied ones hidden, after the writable folders (a later mount covers an earlier one)",
    async run(t) {
      const args = await argsOf(t, MOUNTS, "/w");
      const open = mountIndex(args, "--bind", "/w", "/w");
      expect(mountIndex(args, "--ro-bind", "/w/.claude", "/w/.claude"), ".claude/ read-only, mounted after the workspace").toBeGreaterThan(open);
      expect(mountIndex(args, "--ro-bind", "/w/.git/config", "/w/.git/config"), ".git/config read-only, mounted after the workspace").toBeGreaterThan(open);
      expect(mountIndex(args, "--ro-bind", "/dev/null", "/w/.env"), "a hidden file: /dev/null mounted over it, after the workspace").toBeGreaterThan(open);
      expect(mountIndex(args, "--tmpfs", "/w/secrets"), "a hidden folder: an empty tmpfs over it, after the workspace").toBeGreaterThan(open);
    },
  },
  {
    name: "no network, no capabilities, no user namespace of its own, TMPDIR and the folder set",
    async run(t) {
      const args = await argsOf(t, MOUNTS, "/w/sub");
      for (const flag of ["--unshare-net", "--unshare-pid", "--unshare-user", "--disable-userns", "--new-session", "--die-with-parent"]) expect(args, `every command gets ${flag}`).toContain(flag);
      expect(mountIndex(args, "--cap-drop", "ALL"), "`--cap-drop ALL`: no capabilities, even as root").toBeGreaterThanOrEqual(0);
      expect(mountIndex(args, "--setenv", "TMPDIR", "/t"), "TMPDIR points at mounts.tmp").toBeGreaterThanOrEqual(0);
      expect(mountIndex(args, "--chdir", "/w/sub"), "the command starts in its own folder (`--chdir cwd`)").toBeGreaterThanOrEqual(0);
    },
  },
]);
