/** The shared guarantees s02 introduces, run against s02's agent (s03 on run them too). */
import { literalEditContract, pathSafetyContract, toolResultPairingContract } from "@learn/core/testing";
import { lesson } from "../src/index.ts";

pathSafetyContract(lesson);
literalEditContract(lesson);
toolResultPairingContract(lesson);
