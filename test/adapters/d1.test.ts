import { Miniflare } from "miniflare";
import { D1Adapter, migrateD1 } from "../../src/adapters/d1.js";
import { runAdapterContract } from "./contract.js";

await runAdapterContract("d1 (Miniflare)", async () => {
  const mf = new Miniflare({
    modules: true,
    script: "export default { fetch() { return new Response('') } }",
    d1Databases: ["DB"],
    cf: false,
  });
  const db = await mf.getD1Database("DB");
  await migrateD1(db);
  return { adapter: D1Adapter(db), cleanup: () => mf.dispose() };
});
