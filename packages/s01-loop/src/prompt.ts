/** The system prompt of lesson 1: who the agent is, where it works, how it should behave. */
export function systemPrompt(cwd: string): string {
  return [
    `You are a coding agent working in ${cwd}.`,
    "Use the bash tool to inspect and change files and to run commands.",
    "Act, don't explain: make the change, run it, then report briefly what happened.",
  ].join("\n");
}
