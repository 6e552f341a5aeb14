import type { Redis } from "ioredis";
import type { FactorKind, UserFactor, UserFactorStore } from "./factor-store.js";

/**
 * KEYS[1]: the user's hash. ARGV[1]: the field, ARGV[2]: the factor as JSON, ARGV[3]: now (ms).
 * Drops the user's expired factors on the way, so they do not pile up.
 */
const putScript = `
local now = tonumber(ARGV[3])
local all = redis.call("HGETALL", KEYS[1])
for i = 1, #all, 2 do
  local expires = cjson.decode(all[i + 1]).expires
  if expires and expires <= now then redis.call("HDEL", KEYS[1], all[i]) end
end
redis.call("HSET", KEYS[1], ARGV[1], ARGV[2])
return 1
`;

/** KEYS[1]: the user's hash. ARGV[1]: the field, ARGV[2]: now (ms). Deletes it; 1 when it was there and unexpired. */
const takeScript = `
local value = redis.call("HGET", KEYS[1], ARGV[1])
if not value then return 0 end
redis.call("HDEL", KEYS[1], ARGV[1])
local expires = cjson.decode(value).expires
if expires and expires <= tonumber(ARGV[2]) then return 0 end
return 1
`;

/** KEYS[1]: the user's hash. ARGV[1]: the field, ARGV[2]: the new lastUsedAt. A factor taken meanwhile stays gone. */
const touchScript = `
local value = redis.call("HGET", KEYS[1], ARGV[1])
if not value then return 0 end
local factor = cjson.decode(value)
factor.lastUsedAt = tonumber(ARGV[2])
redis.call("HSET", KEYS[1], ARGV[1], cjson.encode(factor))
return 1
`;

/** KEYS[1]: the user's hash. ARGV[1]: the kind, or "" for all. Returns how many fields went. */
const removeScript = `
if ARGV[1] == "" then
  local count = redis.call("HLEN", KEYS[1])
  redis.call("DEL", KEYS[1])
  return count
end
local removed = 0
for _, field in ipairs(redis.call("HKEYS", KEYS[1])) do
  if cjson.decode(field)[1] == ARGV[1] then
    redis.call("HDEL", KEYS[1], field)
    removed = removed + 1
  end
end
return removed
`;

const fieldOf = (kind: FactorKind, id: string) => JSON.stringify([kind, id]);
const live = (factor: UserFactor, now: number) => factor.expires === undefined || factor.expires > now;

/**
 * Factors in Redis: one hash per user (`factorsOf` names it, so that deleting the user deletes it), a field per
 * factor holding its JSON. Every write that reads first is one script, so `take` answers true once.
 */
export function redisUserFactorStore(client: Redis, factorsOf: (userId: string) => string): UserFactorStore {
  return {
    async put(factor) {
      await client.eval(
        putScript,
        1,
        factorsOf(factor.userId),
        fieldOf(factor.kind, factor.id),
        JSON.stringify(factor),
        Date.now(),
      );
    },
    async list(userId, kind) {
      const now = Date.now();
      return Object.values(await client.hgetall(factorsOf(userId)))
        .map((value) => JSON.parse(value) as UserFactor)
        .filter((factor) => live(factor, now) && (kind === undefined || factor.kind === kind))
        .sort((a, b) => a.createdAt - b.createdAt || fieldOf(a.kind, a.id).localeCompare(fieldOf(b.kind, b.id)));
    },
    async get(userId, kind, id) {
      const value = await client.hget(factorsOf(userId), fieldOf(kind, id));
      const factor = value === null ? null : (JSON.parse(value) as UserFactor);
      return factor && live(factor, Date.now()) ? factor : null;
    },
    async take(userId, kind, id) {
      return (await client.eval(takeScript, 1, factorsOf(userId), fieldOf(kind, id), Date.now())) === 1;
    },
    async touch(userId, kind, id, lastUsedAt) {
      await client.eval(touchScript, 1, factorsOf(userId), fieldOf(kind, id), lastUsedAt);
    },
    async removeAll(userId, kind) {
      return Number(await client.eval(removeScript, 1, factorsOf(userId), kind ?? ""));
    },
  };
}
