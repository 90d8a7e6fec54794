import { defineConfig } from "vitest/config";
import { sharedTest } from "../../vitest.shared.ts";

export default defineConfig({ test: sharedTest });
