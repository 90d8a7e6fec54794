/**
 * The guard under every file tool, tested directly: it must refuse what is not a regular file
 * even when nothing checked the path first — as when a FIFO is swapped in after a `stat`.
 * A regression here hangs rather than fails: the test timeout is the bound.
 */
import { execFileSync } from "node:child_process";
import { constants } from "node:fs";
import { open, readFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { readRegularFile, writeRegularFile } from "../src/files/regular-file.ts";

let ws: TempWorkspace;
let server: Server | undefined;
beforeEach(async () => {
  ws = await tempWorkspace({ "a.txt": "old content\n" });
  execFileSync("mkfifo", [path.join(ws.dir, "pipe")]);
});
afterEach(async () => {
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = undefined;
  await ws.cleanup();
});

const at = (name: string) => path.join(ws.dir, name);
const live = () => new AbortController().signal;

function cancelled(): AbortSignal {
  const controller = new AbortController();
  controller.abort();
  return controller.signal;
}

describe("readRegularFile / writeRegularFile", () => {
  it("read and write a regular file", async () => {
    await writeRegularFile(at("a.txt"), "a.txt", "new", live());
    expect((await readRegularFile(at("a.txt"), "a.txt", live())).toString()).toBe("new");
    await writeRegularFile(at("b.txt"), "b.txt", Buffer.from("created"), live());
    expect(await readFile(at("b.txt"), "utf8")).toBe("created");
  });

  it("refuse to read a named pipe with no writer, at once", async () => {
    await expect(readRegularFile(at("pipe"), "pipe", live())).rejects.toThrow(
      "pipe is a named pipe (FIFO), not a regular file: the file tools only read regular files (use bash for anything else)",
    );
  });

  it("refuse to write a named pipe with no reader", async () => {
    await expect(writeRegularFile(at("pipe"), "pipe", "x", live())).rejects.toThrow(/^pipe is a socket or a named pipe \(FIFO\), not a regular file/);
  });

  it("refuse to write a named pipe that has a reader, and send it nothing", async () => {
    const reader = await open(at("pipe"), constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      await expect(writeRegularFile(at("pipe"), "pipe", "x", live())).rejects.toThrow(/^pipe is a named pipe \(FIFO\), not a regular file/);
      const { bytesRead } = await reader.read(Buffer.alloc(1), 0, 1, null).catch(() => ({ bytesRead: 0 }));
      expect(bytesRead).toBe(0);
    } finally {
      await reader.close();
    }
  });

  it("refuse a socket", async () => {
    server = createServer();
    await new Promise<void>((done) => server!.listen(at("sock"), done));
    await expect(readRegularFile(at("sock"), "sock", live())).rejects.toThrow(/^sock is a socket or a named pipe \(FIFO\), not a regular file/);
  });

  it("refuse a directory, in the words of the tool that asked", async () => {
    await expect(readRegularFile(ws.dir, "dir", live())).rejects.toThrow("dir is a directory, not a file (glob lists what is in it)");
    await expect(writeRegularFile(ws.dir, "dir", "x", live())).rejects.toThrow("dir is a directory; give the path of a file");
  });

  it("say a missing file is not found", async () => {
    await expect(readRegularFile(at("nope.txt"), "nope.txt", live())).rejects.toThrow("File not found: nope.txt");
  });

  it("neither read nor write once the turn is cancelled", async () => {
    await expect(readRegularFile(at("a.txt"), "a.txt", cancelled())).rejects.toThrow("Interrupted by the user: a.txt was not read");
    await expect(writeRegularFile(at("a.txt"), "a.txt", "x", cancelled())).rejects.toThrow("Interrupted by the user: a.txt was not written");
    expect(await readFile(at("a.txt"), "utf8")).toBe("old content\n");
  });

  it("stop a read already under way when the turn is cancelled", async () => {
    await writeRegularFile(at("big.txt"), "big.txt", "x".repeat(4 * 1024 * 1024), live());
    const controller = new AbortController();
    const reading = readRegularFile(at("big.txt"), "big.txt", controller.signal);
    controller.abort(); // the file is being opened: the read must not run to the end
    await expect(reading).rejects.toThrow("Interrupted by the user: stopped reading big.txt");
  });
});
