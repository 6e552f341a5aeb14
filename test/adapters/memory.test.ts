import { MemoryAdapter } from "../../src/adapters/memory.js";
import { runAdapterContract } from "./contract.js";

await runAdapterContract("memory", async () => ({ adapter: MemoryAdapter(), cleanup: async () => {} }));
