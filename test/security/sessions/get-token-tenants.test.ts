/**
 * `getToken({ req, secret, auth })` asks the instance whether the token is revoked. With a lazy configuration the
 * instance must first know which configuration the request belongs to, e.g. the tenant by its host. A Node-style
 * request (the pages router's IncomingMessage: headers and a path) must reach the lazy configuration as well as
 * a Request does, or the check reads another tenant's revocations and lets a revoked session through.
 */
import { describe, expect, it } from "vitest";
import { MemoryAdapter } from "../../../src/adapters/memory.js";
import { getToken } from "../../../src/jwt.js";
import type { AuthConfig } from "../../../src/index.js";
import { credentialsProvider, localClient, quietLogger, secret } from "../../helpers/auth-client.js";
import { createAuth } from "../../helpers/plain-providers.js";

const tenants: Record<string, AuthConfig> = {
  "a.example": { secret, trustHost: true, adapter: MemoryAdapter(), providers: [credentialsProvider()], session: { strategy: "jwt", revocationCheckInterval: 0 }, logger: quietLogger },
  "b.example": { secret, trustHost: true, adapter: MemoryAdapter(), providers: [credentialsProvider()], session: { strategy: "jwt", revocationCheckInterval: 0 }, logger: quietLogger },
};
/** The tenant by the request's host; the first one when there is no request (as an app's fallback would). */
const auth = createAuth((request?: Request) => tenants[new URL(request?.url ?? "http://a.example").hostname] ?? tenants["a.example"], { env: {} });

describe("getToken with a lazy, per-tenant configuration", () => {
  it("a session revoked at tenant B is refused for a Node-style request to B, as for a Request", async () => {
    const client = localClient((request) => auth.fetch(new Request(request.url.replace("localhost:3000", "b.example"), request)));
    await client.signIn();
    const cookie = client.jar.header();
    const nodeRequest = { url: "/api/data", headers: { host: "b.example", cookie } };
    const token = await getToken({ req: nodeRequest, secret, auth });
    expect(token).not.toBeNull();
    const bAdapter = tenants["b.example"].adapter as ReturnType<typeof MemoryAdapter>;
    const [record] = await bAdapter.sessionRecords.list(String(token!.sub));
    await bAdapter.sessionRecords.revoke([{ kind: "session", key: record.id, revokedAt: Date.now(), expires: Date.now() + 60_000 }]);
    expect(await getToken({ req: new Request("http://b.example/api/data", { headers: { cookie } }), secret, auth })).toBeNull();
    expect(await getToken({ req: nodeRequest, secret, auth })).toBeNull();
  });
});
