/** Lesson 2's tools: the file tools, added to s01's bash. Adding a tool is adding it to this list. */
import type { Tool } from "@learn/core";
import { bashTool } from "@learn/s01";
import { editFileTool } from "../../../src/tools/edit-file.ts";
import { globTool } from "../../../src/tools/glob.ts";
import { grepTool } from "../../../src/tools/grep.ts";
import { listDirTool } from "./list-dir.ts";
import { readFileTool } from "../../../src/tools/read-file.ts";
import { writeFileTool } from "../../../src/tools/write-file.ts";

export const fileTools: Tool[] = [readFileTool, writeFileTool, editFileTool, globTool, grepTool, listDirTool];

/** Every tool of lesson 2's agent, in the order the model sees them. */
export const tools: Tool[] = [bashTool, ...fileTools];
