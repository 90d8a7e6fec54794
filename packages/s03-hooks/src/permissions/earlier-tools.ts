/**
 * What the tools of lessons 1 and 2 mean to the permission policy. They were written before
 * there was a policy, so they say nothing about it; this lesson gives each its meaning when it
 * builds the agent (index.ts). A tool of s03 or later declares its own (`permission` in
 * defineTool), and a tool that has none is asked about (fail closed: core's `mutates`).
 *
 *   tool        changes things?   what rules look at                Claude Code's name
 *   bash        yes               the command it runs               Bash
 *   read_file   no                the file it reads                 Read (file_path)
 *   write_file  yes               the file it writes                Write (file_path)
 *   edit_file   yes               the file it reads and writes      Edit (file_path, old_string, new_string)
 *   glob        no                the folder it searches            Glob
 *   grep        no                the folder or file it searches    Grep
 */
import type { Tool, ToolPermission } from "@learn/core";

type Command = { command: string };
type File = { path: string };
type Search = { path?: string };

export const EARLIER_TOOLS: Readonly<Record<string, ToolPermission>> = {
  bash: { subject: ({ command }: Command) => ({ commands: [command] }), claudeCode: { name: "Bash" } },
  read_file: { mutating: false, subject: ({ path }: File) => ({ reads: [path] }), claudeCode: { name: "Read", fields: { path: "file_path" } } },
  write_file: { subject: ({ path }: File) => ({ writes: [path] }), claudeCode: { name: "Write", fields: { path: "file_path" } } },
  edit_file: {
    // What the agent may not read, it may not edit: "not found" or "occurs 3 times" would leak the file.
    subject: ({ path }: File) => ({ reads: [path], writes: [path] }),
    claudeCode: { name: "Edit", fields: { path: "file_path", old_text: "old_string", new_text: "new_string" } },
  },
  glob: { mutating: false, subject: ({ path = "." }: Search) => ({ reads: [path] }), claudeCode: { name: "Glob" } },
  grep: { mutating: false, subject: ({ path = "." }: Search) => ({ reads: [path] }), claudeCode: { name: "Grep" } },
};

/** The meaning lesson 3 gives a tool of lessons 1 and 2, by its name. */
export function earlierPermission(name: string): ToolPermission | undefined {
  return Object.hasOwn(EARLIER_TOOLS, name) ? EARLIER_TOOLS[name] : undefined;
}

/** The same tools, each earlier one with its meaning; a tool that declares its own keeps it. */
export function withEarlierToolPermissions(tools: readonly Tool[]): Tool[] {
  return tools.map((tool) => {
    const permission = tool.permission ?? earlierPermission(tool.name);
    return permission === tool.permission ? tool : { ...tool, permission };
  });
}
