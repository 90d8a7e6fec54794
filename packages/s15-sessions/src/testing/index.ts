/** @learn/s15/testing — what a later lesson's tests use to check that resuming its sessions loses nothing. */
export { resumeAtEveryRound, comparable, withoutMessageMarks, RESUME_PROMPT, type ResumeCheck, type ResumePoint, type SessionToCheck } from "./resume-equals-continue.ts";
