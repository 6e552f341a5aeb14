import type { Redis } from "ioredis";
import type { Revocation, SessionRecord, SessionRecordStore } from "./session-record-store.js";

/**
 * KEYS[1]: the record, KEYS[2..]: the sets that list it. ARGV[1]: the record as JSON, ARGV[2]: its expiry
 * (ms since the epoch), ARGV[3]: its id. An existing record keeps what was fixed at sign-in, and its proof
 * unless the new one carries one.
 */
const saveScript = `
local record = cjson.decode(ARGV[1])
local known = redis.call("GET", KEYS[1])
if known then
  local kept = cjson.decode(known)
  kept.lastActiveAt = record.lastActiveAt
  kept.expires = record.expires
  kept.userAgent = record.userAgent
  kept.ip = record.ip
  if record.provedAt then kept.provedAt = record.provedAt end
  if record.methods then kept.methods = record.methods end
  record = kept
end
redis.call("SET", KEYS[1], cjson.encode(record), "PXAT", ARGV[2])
for i = 2, #KEYS do
  redis.call("SADD", KEYS[i], ARGV[3])
  if redis.call("PEXPIRETIME", KEYS[i]) < tonumber(ARGV[2]) then redis.call("PEXPIREAT", KEYS[i], ARGV[2]) end
end
return 1
`;

/**
 * Session records and revocations in Redis. A record is a JSON string expiring with its session, listed in
 * sets per user and per provider subject or sid. Revocations sit in one sorted set scored by when they were
 * recorded, so an instance reads only the new ones; members are JSON, and expired ones are dropped as new
 * ones arrive.
 */
/** `sessionsOf` names the adapter's set of a user's database session tokens. */
export function redisSessionRecordStore(
  client: Redis,
  prefix: string,
  sessionsOf: (userId: string) => string,
): SessionRecordStore {
  const keys = {
    record: (id: string) => `${prefix}session-record:${id}`,
    ofUser: (userId: string) => `${prefix}user-session-records:${userId}`,
    ofProvider: (provider: string, by: "sid" | "sub", value: string) =>
      `${prefix}provider-session-records:${by}:${JSON.stringify([provider, value])}`,
    revocations: `${prefix}session-revocations`,
  };

  async function records(ids: string[]): Promise<SessionRecord[]> {
    if (ids.length === 0) return [];
    const values = await client.mget(ids.map(keys.record));
    const now = Date.now();
    return values
      .flatMap((value) => (value ? [JSON.parse(value) as SessionRecord] : []))
      .filter((record) => record.expires > now);
  }

  async function revocationMembers(min: number | string): Promise<{ member: string; revocation: Revocation }[]> {
    const members = await client.zrangebyscore(keys.revocations, min, "+inf");
    return members.map((member) => ({ member, revocation: JSON.parse(member) as Revocation }));
  }

  return {
    async save(record) {
      const sets = [keys.ofUser(record.userId)];
      if (record.provider && record.providerSid) sets.push(keys.ofProvider(record.provider, "sid", record.providerSid));
      if (record.provider && record.providerSub) sets.push(keys.ofProvider(record.provider, "sub", record.providerSub));
      await client.eval(
        saveScript,
        1 + sets.length,
        keys.record(record.id),
        ...sets,
        JSON.stringify(record),
        record.expires,
        record.id,
      );
    },
    async list(userId) {
      const found = await records(await client.smembers(keys.ofUser(userId)));
      return found.filter((record) => record.userId === userId).sort((a, b) => a.createdAt - b.createdAt);
    },
    async find(id) {
      return (await records([id]))[0] ?? null;
    },
    async findByProvider({ provider, sid, sub }) {
      const [by, value] = sid !== undefined ? (["sid", sid] as const) : (["sub", sub] as const);
      if (value === undefined) return [];
      const found = await records(await client.smembers(keys.ofProvider(provider, by, value)));
      return found.filter(
        (record) => record.provider === provider && (by === "sid" ? record.providerSid : record.providerSub) === value,
      );
    },
    async remove(ids) {
      if (ids.length > 0) await client.del(...ids.map(keys.record));
    },
    async revoke(revocations) {
      const now = Date.now();
      const replaced = (await revocationMembers("-inf")).filter(
        ({ revocation }) =>
          revocation.expires <= now || revocations.some((r) => r.kind === revocation.kind && r.key === revocation.key),
      );
      const multi = client.multi();
      if (replaced.length > 0) multi.zrem(keys.revocations, ...replaced.map(({ member }) => member));
      for (const revocation of revocations) multi.zadd(keys.revocations, revocation.revokedAt, JSON.stringify(revocation));
      await multi.exec();
    },
    async revokedSince(since) {
      const now = Date.now();
      return (await revocationMembers(since))
        .map(({ revocation }) => revocation)
        .filter((revocation) => revocation.expires > now);
    },
    async sessionTokens(userId) {
      return client.smembers(sessionsOf(userId));
    },
  };
}
