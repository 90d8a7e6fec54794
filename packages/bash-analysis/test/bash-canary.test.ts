/**
 * The analysis against bash itself. Each line below deletes a canary file when bash runs it —
 * checked here, in a temporary folder, so the list cannot hold a line that only looks like it
 * would — and the analysis must see that an `rm` runs, however the line hides it: the
 * disguises that got past the old tokenizer (issue 7). s03's own canary test runs the same
 * kind of lines through the agent and checks that its rules stop them.
 *
 * Only lines whose rm has finished when bash exits: nothing asynchronous (`&`, `<(...)`,
 * `coproc`), so the check never depends on how fast the machine is.
 */
import { spawnSync } from "node:child_process";
import { access, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseCommandLine } from "../src/index.ts";

const CANARY = "canary.txt";

const DISGUISES = [
  `ls a#b; rm -f ${CANARY}`,
  `ls # just listing\nrm -f ${CANARY}`,
  `ls $(rm -f ${CANARY})`,
  `echo \`rm ${CANARY}\``,
  `x=$(rm ${CANARY}) true`,
  `cat <<EOF\n$(rm ${CANARY})\nEOF`,
  `/bin/rm ${CANARY}`,
  `"r"m ${CANARY}`,
  `r\\m ${CANARY}`,
  `command rm ${CANARY}`,
  `builtin command rm ${CANARY}`,
  `timeout 5 rm ${CANARY}`,
  `env FOO=1 rm ${CANARY}`,
  `FOO=1 nice -n 5 rm ${CANARY}`,
  `{ rm ${CANARY}; }`,
  `(cd . && rm ${CANARY})`,
  `! rm ${CANARY}`,
  `if true; then rm -f ${CANARY}; fi`,
  `case x in x) rm ${CANARY};; esac`,
  `for f in ${CANARY}; do rm "$f"; done`,
  `f() { rm ${CANARY}; }; f`,
  `time { rm ${CANARY}; }`,
  `sh -ec 'rm ${CANARY}'`,
  `bash -o pipefail -c 'rm ${CANARY}'`,
  `bash -c "bash -c 'rm ${CANARY}'"`,
  `eval "ls; rm ${CANARY}"`,
  `trap 'rm ${CANARY}' EXIT`,
  `echo ${CANARY} | xargs rm`,
  `find . -name ${CANARY} -exec rm {} +`,
];

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "bash-analysis-canary-"));
  await writeFile(path.join(dir, CANARY), "still here\n");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/**
 * Run the line with bash in the temporary folder: no start-up files, no inherited BASH_ENV, and
 * no input (a nested bash given a pipe it never reads took seconds to start).
 */
function bash(line: string): void {
  const env = { PATH: process.env.PATH ?? "/usr/bin:/bin" };
  const run = spawnSync("bash", ["--noprofile", "--norc", "-c", line], { cwd: dir, env, stdio: "ignore", timeout: 30_000 });
  if (run.error) throw run.error;
}

const canaryIsGone = () => access(path.join(dir, CANARY)).then(() => false, () => true);

describe("every line that deletes the canary in bash runs an rm the analysis sees", () => {
  it.each(DISGUISES)("%j", async (line) => {
    bash(line);
    expect(await canaryIsGone()).toBe(true); // bash did run an rm: the line belongs here
    const programs = parseCommandLine(line).map((c) => c.words[0]);
    expect(programs).toContain("rm");
  });
});
