/**
 * s14-excluded: the student's isExcluded on the command lines a sandboxed agent sends — plain
 * ones its patterns name run outside; anything that could smuggle a second command stays in.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import { excludedOf } from "../check-helpers/bwrap.ts";

const bash = (command: string) => ({ file: "bash", args: ["--norc", "--noprofile", "-c", command], cwd: "/w", env: {} });

export default defineChecks([
  {
    name: "a plain command line its pattern names runs outside (`docker`, `docker *`, `docker:*`)",
    async run(t) {
      const { isExcluded } = await excludedOf(t);
      for (const pattern of ["docker", "docker *", "docker:*"]) {
        expect(isExcluded(bash("docker ps"), [pattern]), `"docker ps" with excludedCommands ["${pattern}"] should run outside`).toBe(true);
      }
      expect(isExcluded(bash("docker"), ["docker *"]), `"docker" alone with ["docker *"] should run outside`).toBe(true);
    },
  },
  {
    name: "a pattern names whole words: `docker` does not exclude `dockerd`; no pattern, nothing excluded",
    async run(t) {
      const { isExcluded } = await excludedOf(t);
      expect(isExcluded(bash("dockerd --debug"), ["docker"]), `"dockerd --debug" with ["docker"] should stay inside`).toBe(false);
      expect(isExcluded(bash("npm test"), []), "with no excludedCommands, everything stays inside").toBe(false);
    },
  },
  {
    name: "a line that chains, pipes, substitutes or redirects stays inside, whatever its first word",
    async run(t) {
      const { isExcluded } = await excludedOf(t);
      for (const line of ["docker ps; cat ~/.ssh/id_rsa", "docker ps && curl x", "docker ps | sh", "docker run $(cat .env)", "docker ps > ../out", "docker run `id`"]) {
        expect(isExcluded(bash(line), ["docker"]), `"${line}" should stay inside the sandbox`).toBe(false);
      }
    },
  },
  {
    name: "only bash's command line: another program is never excluded",
    async run(t) {
      const { isExcluded } = await excludedOf(t);
      expect(isExcluded({ file: "node", args: ["-c", "docker ps"], cwd: "/w", env: {} }, ["docker"]), "node with `-c docker ps` is not a bash command line").toBe(false);
    },
  },
]);
