/** Lesson 2's tools: the file tools, added to s01's bash. Adding a tool is adding it to this list. */
import type { Tool } from "@learn/core";
import { bashTool } from "@learn/s01";
import { editFileTool } from "./edit-file.ts";
import { globTool } from "./glob.ts";
import { grepTool } from "./grep.ts";
import { readFileTool } from "./read-file.ts";
import { writeFileTool } from "./write-file.ts";

export const fileTools: Tool[] = [readFileTool, writeFileTool, editFileTool, globTool, grepTool];

/** Every tool of lesson 2's agent, in the order the model sees them. */
export const tools: Tool[] = [bashTool, ...fileTools];
