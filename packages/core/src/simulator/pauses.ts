/**
 * Pauses for a person. Offline, the scripted model answers at once, so a whole demo turn is
 * over before anyone could press Ctrl-C — and "Ctrl-C cancels the turn, the session goes on"
 * is one of the things a student should try. A demo script marks one step with `pauseMs`; at
 * the REPL at a terminal that step waits that long (the spinner turns), and the lesson's README
 * says where to press. Everywhere else — tests, `--print`, `--demo`, piped input — there is no
 * one to press anything, so the script answers at once and no run is slower for it.
 */
import type { Script, TurnAnswer } from "./script.ts";

/** The script with each `pauseMs` served as a `delayMs` (a person is watching). */
export function withPauses(script: Script): Script {
  const paused = <T extends TurnAnswer>(answer: T): T =>
    answer.pauseMs ? { ...answer, delayMs: (answer.delayMs ?? 0) + answer.pauseMs } : answer;
  return { ...script, turns: script.turns.map((turn) => (turn.oneOf ? { ...paused(turn), oneOf: turn.oneOf.map(paused) } : paused(turn))) };
}
