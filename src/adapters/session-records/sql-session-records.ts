import type { Row, SqlDriver } from "../sql/driver.js";
import { upsertStatement } from "../sql/upsert.js";
import type { Revocation, SessionRecord, SessionRecordStore } from "./session-record-store.js";

/** Expired rows are deleted about once in `purgeEvery` new records. */
const purgeEvery = 32;

const recordColumns = [
  "id",
  "user_id",
  "created_at",
  "last_active_at",
  "expires_at",
  "user_agent",
  "ip",
  "provider",
  "provider_sid",
  "provider_sub",
  "proved_at",
  "methods",
];
/** What a re-issue moves; the rest is fixed at sign-in, but for the proof, which a step-up moves when it gives one. */
const movingColumns = ["last_active_at", "expires_at", "user_agent", "ip"];
const proofColumns = ["proved_at", "methods"];
const select = `SELECT ${recordColumns.map((column) => `"${column}"`).join(", ")} FROM "sekisho_sessions"`;

const text = (value: unknown) => (value === null || value === undefined ? undefined : String(value));

function toRecord(row: Row): SessionRecord {
  const record: SessionRecord = {
    id: String(row.id),
    userId: String(row.user_id),
    createdAt: Number(row.created_at),
    lastActiveAt: Number(row.last_active_at),
    expires: Number(row.expires_at),
  };
  const optional = {
    userAgent: text(row.user_agent),
    ip: text(row.ip),
    provider: text(row.provider),
    providerSid: text(row.provider_sid),
    providerSub: text(row.provider_sub),
    provedAt: row.proved_at === null || row.proved_at === undefined ? undefined : Number(row.proved_at),
    methods: typeof row.methods === "string" ? (JSON.parse(row.methods) as string[]) : undefined,
  };
  for (const [name, value] of Object.entries(optional)) if (value !== undefined) Object.assign(record, { [name]: value });
  return record;
}

const toRevocation = (row: Row): Revocation => ({
  kind: row.kind === "user" ? "user" : "session",
  key: String(row.key),
  revokedAt: Number(row.revoked_at),
  expires: Number(row.expires_at),
});

/** Session records in `sekisho_sessions` and revocations in `sekisho_revocations` (migrations/). */
export function sqlSessionRecordStore(driver: SqlDriver): SessionRecordStore {
  const saveSql = upsertStatement(driver.dialect, "sekisho_sessions", {
    columns: recordColumns,
    key: ["id"],
    moving: movingColumns,
    movingWhenGiven: proofColumns,
  });
  const revokeSql = upsertStatement(driver.dialect, "sekisho_revocations", {
    columns: ["kind", "key", "revoked_at", "expires_at"],
    key: ["kind", "key"],
    moving: ["revoked_at", "expires_at"],
  });
  const rows = async (sql: string, params: unknown[]) => (await driver.query(sql, params)).rows;

  async function purge(): Promise<void> {
    const now = Date.now();
    await driver.query(`DELETE FROM "sekisho_sessions" WHERE "expires_at" <= ?`, [now]);
    await driver.query(`DELETE FROM "sekisho_revocations" WHERE "expires_at" <= ?`, [now]);
  }

  return {
    async save(record) {
      const { id, userId, createdAt, lastActiveAt, expires, userAgent, ip, provider, providerSid, providerSub, provedAt } =
        record;
      const methods = record.methods && JSON.stringify(record.methods);
      const values = [
        id,
        userId,
        createdAt,
        lastActiveAt,
        expires,
        userAgent,
        ip,
        provider,
        providerSid,
        providerSub,
        provedAt,
        methods,
      ].map((value) => value ?? null);
      await driver.query(saveSql, values);
      // the record stands either way; a purge that failed leaves its rows to the next one
      if (Math.random() * purgeEvery < 1) await purge().catch(() => undefined);
    },
    async list(userId) {
      return (await rows(`${select} WHERE "user_id" = ? AND "expires_at" > ? ORDER BY "created_at"`, [userId, Date.now()])).map(
        toRecord,
      );
    },
    async find(id) {
      const [row] = await rows(`${select} WHERE "id" = ? AND "expires_at" > ?`, [id, Date.now()]);
      return row ? toRecord(row) : null;
    },
    async findByProvider({ provider, sid, sub }) {
      if (sid === undefined && sub === undefined) return [];
      const [column, value] = sid !== undefined ? ["provider_sid", sid] : ["provider_sub", sub];
      return (
        await rows(`${select} WHERE "provider" = ? AND "${column}" = ? AND "expires_at" > ?`, [provider, value, Date.now()])
      ).map(toRecord);
    },
    async remove(ids) {
      if (ids.length === 0) return;
      await driver.query(`DELETE FROM "sekisho_sessions" WHERE "id" IN (${ids.map(() => "?").join(", ")})`, [...ids]);
    },
    async revoke(revocations) {
      for (const { kind, key, revokedAt, expires } of revocations) await driver.query(revokeSql, [kind, key, revokedAt, expires]);
    },
    async revokedSince(since) {
      const found = await rows(
        `SELECT "kind", "key", "revoked_at", "expires_at" FROM "sekisho_revocations" WHERE "revoked_at" >= ? AND "expires_at" > ?`,
        [since, Date.now()],
      );
      return found.map(toRevocation);
    },
    async sessionTokens(userId) {
      return (await rows(`SELECT "sessionToken" FROM "sessions" WHERE "userId" = ?`, [userId])).map((row) =>
        String(row.sessionToken),
      );
    },
  };
}
