/**
 * @learn/exercises — what an exercise's checks.ts imports. The command line is src/cli.ts
 * (`pnpm exercise`); docs/exercises.md says how exercises work and how to write one.
 */
export { defineChecks, type Check, type CheckContext } from "./exercise.ts";
