import { main } from "@learn/core/harness";
import { lesson } from "./index.ts";

main(lesson);
