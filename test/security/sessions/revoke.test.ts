/** The revocation attacks (revocation-attacks.ts) on the memory store; stores.test.ts runs them on the real ones. */
import { forEachRecordStore } from "../../helpers/record-stores.js";
import { runRevocationAttacks } from "./revocation-attacks.js";

await forEachRecordStore(runRevocationAttacks, ["memory"]);
