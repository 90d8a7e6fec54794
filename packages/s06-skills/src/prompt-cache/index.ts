/**
 * The prompt cache: the system prompt laid out so that the API can read most of every request
 * from its cache. The sections fixed for the session come first, then the live sections the
 * earlier mechanisms handed over (live-sections.ts), layer by layer, then the dynamic tail
 * (date, cwd); a breakpoint ends each cached layer, and one goes on the last message.
 *
 *   tools │ identity · tool guidance · … · skills ◆ │ memory · CLAUDE.md ◆ │ date · cwd │ messages … last ◆
 */
import type { Mechanism } from "@learn/core";
import { markLastMessage } from "./breakpoints.ts";
import { cachedPrompt } from "./assembly.ts";
import { adaptSections, environmentSection } from "./sections.ts";

export const promptCache: Mechanism = {
  name: "prompt cache",
  add: async (parts) => {
    const live = parts.liveSections ?? {};
    return {
      ...parts,
      // Innermost: the breakpoint goes on whatever message really ends the request.
      wrappers: [...parts.wrappers, markLastMessage],
      assemble: cachedPrompt({
        adapt: adaptSections,
        stable: live.stable ?? [],
        session: live.session ?? [],
        dynamic: [...(live.dynamic ?? []), environmentSection()],
      }),
    };
  },
};
