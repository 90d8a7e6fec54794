/** The proof (proof-suite.ts) for every other exercise of the catalog, from the second. */
import { proveExercises } from "./proof-suite.ts";

proveExercises((_exercise, index) => index % 2 === 1);
