/** The floors jwt-session is held against: raw Hono answering JSON, and Hono plus one cached-key decrypt. */
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { createJwtCodec } from "./built-package.js";
import { basePath, origin, secret, sessionCookieName, user } from "./subjects.js";

export async function buildFloors() {
  const codec = createJwtCodec();
  const token = await codec.encode({ token: { email: user.email }, secret, salt: sessionCookieName });
  await codec.decode({ token, secret, salt: sessionCookieName });

  const raw = new Hono().get(`${basePath}/session`, (c) => c.json({ user: { email: user.email }, expires: "" }));
  const withDecrypt = new Hono().get(`${basePath}/session`, async (c) => {
    const payload = await codec.decode({ token: getCookie(c, sessionCookieName), secret, salt: sessionCookieName });
    return c.json({ user: { email: payload?.email }, expires: "" });
  });
  const request = () => new Request(`${origin}${basePath}/session`, { headers: { cookie: `${sessionCookieName}=${token}` } });
  const check = async (response: Response) => {
    const body = (await response.json()) as { user?: { email?: string } };
    if (response.status !== 200 || body.user?.email !== user.email) throw new Error("floor: wrong answer");
  };
  return {
    "raw Hono JSON": async () => check(await raw.fetch(request())),
    "bare decrypt (cached key)": async () => {
      if ((await codec.decode({ token, secret, salt: sessionCookieName }))?.email !== user.email) throw new Error("floor: decrypt failed");
    },
    "raw Hono + one cached-key decrypt": async () => check(await withDecrypt.fetch(request())),
  };
}
