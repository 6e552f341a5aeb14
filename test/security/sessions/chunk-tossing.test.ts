/**
 * Cookie tossing against a chunked session. A page on a sibling subdomain can set cookies for the parent
 * domain under the session cookie's names; the browser then sends them beside the site's own. sekisho
 * preferred a whole `authjs.session-token` over chunks, so a tossed whole cookie holding the attacker's own
 * valid session won over the victim's chunked one (chunks are usual with `storeTokensInSession`). Preferring
 * chunks would open the other way round. Neither kind may choose: both at once are no session, as the
 * reference's joining of every piece gives.
 */
import { describe, expect, it } from "vitest";
import { encode } from "../../../src/jwt.js";
import { makeAuth, origin, secret } from "../../helpers/auth-client.js";

const name = "authjs.session-token";
const tokenOf = (email: string, padding = 0) =>
  encode({ token: { sub: email, email, name: email, pad: "x".repeat(padding) }, secret, salt: name });

/** A cookie header with the victim's session in chunks of `size`, and the attacker's as one whole cookie. */
function chunked(value: string, size = 3000): string[] {
  const parts: string[] = [];
  for (let i = 0; i * size < value.length; i++) parts.push(`${name}.${i}=${value.slice(i * size, (i + 1) * size)}`);
  return parts;
}

async function sessionWith(cookie: string) {
  const auth = makeAuth();
  const response = await auth.fetch(new Request(`${origin}/auth/session`, { headers: { cookie } }));
  expect(response.status).toBe(200);
  return (await response.json()) as { user?: { email?: string } } | null;
}

describe("a session cookie tossed beside the site's own", () => {
  it("the victim's chunks alone read as the victim, the attacker's whole cookie alone as the attacker", async () => {
    const victim = await tokenOf("victim@example.com", 6000);
    expect((await sessionWith(chunked(victim).join("; ")))?.user?.email).toBe("victim@example.com");
    expect((await sessionWith(`${name}=${await tokenOf("attacker@example.com")}`))?.user?.email).toBe("attacker@example.com");
  });

  it("a tossed whole cookie beside the victim's chunks gives no session, in either order", async () => {
    const victim = chunked(await tokenOf("victim@example.com", 6000));
    const tossed = `${name}=${await tokenOf("attacker@example.com")}`;
    expect(await sessionWith([...victim, tossed].join("; "))).toBeNull();
    expect(await sessionWith([tossed, ...victim].join("; "))).toBeNull();
  });

  it("tossed chunks beside the victim's whole cookie give no session", async () => {
    const victim = `${name}=${await tokenOf("victim@example.com")}`;
    const tossed = chunked(await tokenOf("attacker@example.com", 6000));
    expect(await sessionWith([victim, ...tossed].join("; "))).toBeNull();
  });
});
