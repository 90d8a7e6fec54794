/**
 * CLAUDE.md in every agent's prompt: read once when the agent is built, a live section in the
 * session layer (after the skills, beside the memory index).
 */
import { LEAD_AGENT, type Mechanism } from "@learn/core";
import { withLiveSection } from "../prompt-cache/live-sections.ts";
import { claudeMdSection, loadClaudeMd } from "./claude-md.ts";

export const claudeMd: Mechanism = {
  name: "CLAUDE.md",
  add: async (parts, { options }) => {
    const file = await loadClaudeMd(options.cwd);
    // The lead reports a file it could not use; a subagent reads the same file and stays quiet.
    if (file.problem && options.model.agent === LEAD_AGENT) options.renderer.error(file.problem);
    const section = { name: "CLAUDE.md", state: () => file.text, render: claudeMdSection };
    return { ...parts, liveSections: withLiveSection(parts, "session", section) };
  },
};
