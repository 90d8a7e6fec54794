/**
 * What lesson 1 adds: the model can run shell commands, and the system prompt says where and how.
 */
import type { Mechanism } from "@learn/core";
import { promptSections } from "./prompt.ts";
import { bashTool } from "./bash-tool.ts";

export const bash: Mechanism = {
  name: "bash",
  add: (parts, { options }) => ({ ...parts, tools: [...parts.tools, bashTool], sections: [...parts.sections, ...promptSections(options.cwd)] }),
};
