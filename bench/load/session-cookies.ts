/** Session cookies minted here, with the app's secret, padded until the token takes a given number of chunks. */
import { encode } from "../../src/jwt.js";
import { writeChunked } from "../../src/http/cookies.js";
import { alice, secret } from "../../test/helpers/auth-client.js";

const name = "authjs.session-token";

/** A Cookie header whose session token is split into exactly `chunks` cookies (1: one unsplit cookie). */
export async function chunkedSessionCookie(chunks: number): Promise<string> {
  const claims = { name: alice.name, email: alice.email, picture: alice.image, sub: alice.id };
  for (let pad = 0; ; pad += 256) {
    const token = await encode({ token: { ...claims, ...(pad ? { pad: "p".repeat(pad) } : {}) }, secret, salt: name });
    const cookies = writeChunked(name, token, {}, {});
    if (cookies.length === chunks) return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    if (cookies.length > chunks) throw new Error(`no padding gives exactly ${chunks} chunks`);
  }
}
