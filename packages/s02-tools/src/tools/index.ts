/** Lesson 2's tools: s01's bash, and the file tools. Adding a tool is adding it to this list. */
import type { Tool } from "@learn/core";
import { bashTool } from "@learn/s01";
import { editFileTool } from "./edit-file.ts";
import { globTool } from "./glob.ts";
import { grepTool } from "./grep.ts";
import { readFileTool } from "./read-file.ts";
import { writeFileTool } from "./write-file.ts";

export const tools: Tool[] = [bashTool, readFileTool, writeFileTool, editFileTool, globTool, grepTool];
