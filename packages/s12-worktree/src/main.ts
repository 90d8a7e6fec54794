import { main } from "@learn/core";
import { lesson } from "./index.ts";

main(lesson);
