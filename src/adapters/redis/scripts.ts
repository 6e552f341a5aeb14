/**
 * Lua scripts for the writes that must check and change several keys as one step.
 * Redis runs a script atomically, so no other client sees a half-done write.
 */

/**
 * Stores a record and lists it in index sets.
 * KEYS[1]: the record; KEYS[2..]: sets to add ARGV[3] to.
 * ARGV[1]: the value; ARGV[2]: expiry in ms since the epoch, or "" for none; ARGV[3]: the member;
 * ARGV[4]: "NX" to create a record that must not exist yet, "XX" to replace one that must.
 * A set of expiring records keeps the latest expiry among them, so it goes when they have all gone.
 * A record that has expired already is not listed: it would keep a set alive, or make one that never expires.
 * Returns 1, or 0 when the record's existence was not as required.
 */
export const putRecord = `
local ok
if ARGV[2] == "" then
  ok = redis.call("SET", KEYS[1], ARGV[1], ARGV[4])
else
  ok = redis.call("SET", KEYS[1], ARGV[1], ARGV[4], "PXAT", ARGV[2])
end
if not ok then return 0 end
local recordTtl = redis.call("PTTL", KEYS[1])
if recordTtl == -2 then return 1 end
for i = 2, #KEYS do
  local setTtl = redis.call("PTTL", KEYS[i])
  redis.call("SADD", KEYS[i], ARGV[3])
  if recordTtl >= 0 and (setTtl == -2 or (setTtl >= 0 and setTtl < recordTtl)) then
    redis.call("PEXPIREAT", KEYS[i], ARGV[2])
  end
end
return 1
`;

/**
 * Stores a user and keeps the email index in step.
 * KEYS[1]: the user; KEYS[2]: the email key the user should own, or KEYS[1] again for none;
 * KEYS[3]: the email key the user gave up, or KEYS[1] again for none.
 * ARGV[1]: the value; ARGV[2]: the user id.
 * Returns 1, or 0 when another user owns the email.
 */
export const putUser = `
if KEYS[2] ~= KEYS[1] then
  local owner = redis.call("GET", KEYS[2])
  if owner and owner ~= ARGV[2] then return 0 end
end
if KEYS[3] ~= KEYS[1] and KEYS[3] ~= KEYS[2] then redis.call("DEL", KEYS[3]) end
if KEYS[2] ~= KEYS[1] then redis.call("SET", KEYS[2], ARGV[2]) end
redis.call("SET", KEYS[1], ARGV[1])
return 1
`;
