/** What the model is told about background jobs: when to use background_run, and when bash. */
export const BACKGROUND_GUIDANCE =
  "Run slow commands (a long test suite, a build, a server) with background_run instead of bash: it returns a job id " +
  "at once and you keep working meanwhile. Do not poll or wait for it: when a job finishes, its result arrives by " +
  "itself in a <background-results> block. check_background shows a job's output so far. When you need a command's " +
  "result before you can do anything else, use bash.";
