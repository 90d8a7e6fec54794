/**
 * What lesson 2 adds: read_file, write_file, edit_file, glob and grep — and a system prompt
 * that says when to use which instead of bash.
 */
import type { Mechanism } from "@learn/core";
import { withFileToolGuidance } from "./prompt.ts";
import { fileTools } from "./file-tools.ts";

export const files: Mechanism = {
  name: "files",
  // Its guidance is lesson 1's tool guidance, extended: the same section, another text.
  replaces: { sections: ["tool guidance"] },
  add: (parts) => ({ ...parts, tools: [...parts.tools, ...fileTools], sections: withFileToolGuidance(parts.sections) }),
};
