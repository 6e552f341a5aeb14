import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { RedisAdapter } from "../../src/adapters/redis.js";
import { services, withService } from "../helpers/services.js";
import { runAdapterContract } from "./contract.js";

async function dropKeys(client: Redis, prefix: string): Promise<void> {
  const keys = await client.keys(`${prefix}*`);
  if (keys.length > 0) await client.del(...keys);
}

const newPrefix = () => `sekisho-test-${crypto.randomUUID()}:`;

await withService("redis", async () => {
  await runAdapterContract("redis", async () => {
    const client = new Redis(services.redis.url);
    const prefix = newPrefix();
    return {
      adapter: RedisAdapter(client, { prefix }),
      cleanup: async () => {
        await dropKeys(client, prefix);
        client.disconnect();
      },
    };
  });

  describe("redis keys", () => {
    const client = new Redis(services.redis.url);
    const prefix = newPrefix();
    const adapter = RedisAdapter(client, { prefix });
    const inMs = (ms: number) => new Date(Date.now() + ms);
    afterAll(async () => {
      await dropKeys(client, prefix);
      client.disconnect();
    });

    it("sessions and verification tokens expire at their `expires`", async () => {
      const user = await adapter.createUser({ id: "", email: `${crypto.randomUUID()}@example.com`, emailVerified: null });
      const session = await adapter.createSession({ sessionToken: crypto.randomUUID(), userId: user.id, expires: inMs(60_000) });
      const token = { identifier: user.email, token: crypto.randomUUID(), expires: inMs(600_000) };
      await adapter.createVerificationToken(token);
      const keys = await client.keys(`${prefix}*`);
      const ttl = async (part: string) => client.pttl(keys.find((k) => k.includes(part))!);
      expect(await ttl(`session:${session.sessionToken}`)).toBeGreaterThan(58_000);
      expect(await ttl(`session:${session.sessionToken}`)).toBeLessThanOrEqual(60_000);
      expect(await ttl("verification-token:")).toBeGreaterThan(598_000);
      expect(await ttl(`user:${user.id}`)).toBe(-1);

      await adapter.updateSession({ sessionToken: session.sessionToken, expires: inMs(3_600_000) });
      expect(await ttl(`session:${session.sessionToken}`)).toBeGreaterThan(3_590_000);
      // the user's session index lives as long as the longest session in it
      expect(await ttl(`user-sessions:${user.id}`)).toBeGreaterThan(3_590_000);
    });

    it("an expired session or token is gone", async () => {
      const user = await adapter.createUser({ id: "", email: `${crypto.randomUUID()}@example.com`, emailVerified: null });
      const session = await adapter.createSession({ sessionToken: crypto.randomUUID(), userId: user.id, expires: inMs(30) });
      const token = { identifier: user.email, token: crypto.randomUUID(), expires: inMs(30) };
      await adapter.createVerificationToken(token);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(await adapter.getSessionAndUser(session.sessionToken)).toBeNull();
      expect(await adapter.useVerificationToken(token)).toBeNull();
    });

    it("a session stored already expired is listed in no index, which would then never expire", async () => {
      const user = await adapter.createUser({ id: "", email: `${crypto.randomUUID()}@example.com`, emailVerified: null });
      await adapter.createSession({ sessionToken: crypto.randomUUID(), userId: user.id, expires: new Date(Date.now() - 1000) });
      expect(await client.exists(`${prefix}user-sessions:${user.id}`)).toBe(0);
    });

    it("every key carries the prefix, and deleteUser leaves none of the user's keys", async () => {
      const before = new Set(await client.keys(`${prefix}*`));
      const user = await adapter.createUser({ id: "", email: `${crypto.randomUUID()}@example.com`, emailVerified: null });
      await adapter.linkAccount({ userId: user.id, type: "oauth", provider: "github", providerAccountId: "4242" });
      await adapter.createSession({ sessionToken: crypto.randomUUID(), userId: user.id, expires: inMs(60_000) });
      await adapter.createAuthenticator({
        credentialID: crypto.randomUUID(),
        userId: user.id,
        providerAccountId: "cred",
        credentialPublicKey: "key",
        counter: 1,
        credentialDeviceType: "singleDevice",
        credentialBackedUp: false,
      });
      const added = (await client.keys(`${prefix}*`)).filter((k) => !before.has(k));
      expect(added.length).toBeGreaterThanOrEqual(8);
      await adapter.deleteUser(user.id);
      const left = (await client.keys(`${prefix}*`)).filter((k) => !before.has(k));
      expect(left).toEqual([]);
      const elsewhere = (await client.keys("*")).filter((k) => k.includes(user.id) && !k.startsWith(prefix));
      expect(elsewhere).toEqual([]);
    });

    it("the default prefix is sekisho:", async () => {
      const plain = RedisAdapter(client);
      const user = await plain.createUser({ id: "", email: `${crypto.randomUUID()}@example.com`, emailVerified: null });
      try {
        expect(await client.exists(`sekisho:user:${user.id}`)).toBe(1);
      } finally {
        await plain.deleteUser(user.id);
      }
      expect(await client.exists(`sekisho:user:${user.id}`)).toBe(0);
    });
  });
});
