import { configDefaults, defineConfig } from "vitest/config";
import { sharedTest } from "../../vitest.shared.ts";

// The one test file that mocks a module (the grammar, made to fail) runs isolated, in a project of its own.
const MOCKS_A_MODULE = "test/parser-fails.test.ts";

export default defineConfig({
  test: {
    ...sharedTest,
    projects: [
      { extends: true, test: { name: "shared", exclude: [...configDefaults.exclude, MOCKS_A_MODULE] } },
      { extends: true, test: { name: "isolated", isolate: true, include: [MOCKS_A_MODULE] } },
    ],
  },
});
