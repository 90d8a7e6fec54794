/** What s15's tests share: s09's helpers, and a workspace at one fixed path that can be put back to the practice files. */
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { copyPracticeWorkspace } from "@learn/core/harness";
import type { Script } from "@learn/core/simulator";
import { scriptedAgent } from "@learn/core/testing";
import { lesson } from "../src/index.ts";

export * from "@learn/s09/testing";

export interface Place {
  /** The workspace: always this path (a resumed session's system prompt names its folder). */
  ws: string;
  /** Where transcripts go (--sessions-dir). */
  sessions: string;
  root: string;
  /** The practice files again, at the same path. */
  freshWorkspace(): Promise<void>;
}

export function usePlace(): Place {
  const place = {} as Place;
  let template = "";
  beforeEach(async () => {
    place.root = await mkdtemp(path.join(os.tmpdir(), "learn-s15-test-"));
    template = await copyPracticeWorkspace("s15-template");
    place.ws = path.join(place.root, "ws");
    place.sessions = path.join(place.root, "sessions");
    place.freshWorkspace = async () => {
      await rm(place.ws, { recursive: true, force: true });
      await cp(template, place.ws, { recursive: true });
    };
    await place.freshWorkspace();
  });
  afterEach(async () => {
    await rm(place.root, { recursive: true, force: true });
    await rm(template, { recursive: true, force: true });
  });
  return place;
}

/** s15's agent on a scripted model in the place's workspace, its transcripts in the place's folder. */
export function sessionAgent(place: Place, script: Script | string, flags: Record<string, string> = {}) {
  return scriptedAgent(lesson, script, place.ws, { flags: { "permission-mode": "acceptEdits", "sessions-dir": place.sessions, ...flags } });
}
