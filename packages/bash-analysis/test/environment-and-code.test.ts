/**
 * What a command line says about the environment its programs run in (env-prefix.ts) and the
 * code they are handed (code-runners.ts): the facts s03 turns into "no rule may approve it"
 * and "a deny rule cannot see into it".
 */
import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../src/index.ts";

const first = (line: string) => parseCommandLine(line)[0]!;

describe("an assignment prefix or env in front of a command", () => {
  it.each([
    "FOO=1 git status", "PATH=./bin:$PATH cat x", "LD_PRELOAD=./x.so ls", "GIT_CONFIG_COUNT=1 git add x", "BASH_ENV=x bash -c true",
    "NODE_OPTIONS='--require ./x.js' node app.js", "env git status", "env -C /etc cat passwd", "/usr/bin/env NODE_ENV=x cat y",
    "timeout 5 FOO=1 cat x", "LANG=../x ls", "NODE_ENV=$X cat y", "NODE_ENV=$(id) cat y", "TZ=`id` date",
  ])("%j changes what the program may do", (line) => {
    expect(first(line).environment).toBeDefined();
  });
  it.each(["NODE_ENV=production npm test", "CI=1 NO_COLOR=1 cat x", "LANG=C.UTF-8 ls", "LC_ALL=en_US.UTF-8 sort x", "RUST_LOG=debug cargo run", "timeout 5 npm test", "FOO=1"])(
    "%j does not",
    (line) => {
      expect(first(line).environment).toBeUndefined();
    },
  );
});

describe("code handed to an interpreter or a shell", () => {
  it.each([
    "node -e 'x'", "node --eval=x", "node -p 1", "python3 -c 'x'", "python -Bc x", "python3.12 -c x", "perl -e x", "perl -lne 'print' f",
    "ruby -e x", "php -r x", "deno eval x", "bash evil.md", "sh -x evil.sh", "bash -o pipefail x.sh", "timeout 5 node -e x", "awk 'BEGIN{system(\"id\")}'",
  ])("%j runs code that cannot be read here", (line) => {
    expect(first(line).runsCode).toBeDefined();
  });
  it.each(["node app.js", "node --version", "python3 --version", "perl -v", "bash", "awk '{print $1}' f", "npm test"])("%j does not (or is judged elsewhere)", (line) => {
    expect(first(line).runsCode).toBeUndefined();
  });
});
