import type { Row, SqlDialect } from "./driver.js";

/** How a column's value is held in the database and handed back to callers. */
type Kind = "text" | "date" | "integer" | "boolean" | "json";

export interface Table {
  name: string;
  /** Columns that pick out one row. */
  key: readonly string[];
  columns: Readonly<Record<string, Kind>>;
}

/** Table and column names are those of Auth.js's PostgreSQL adapter, so its databases keep working. */
export const users: Table = {
  name: "users",
  key: ["id"],
  columns: { id: "text", name: "text", email: "text", emailVerified: "date", image: "text" },
};

export const accounts: Table = {
  name: "accounts",
  key: ["id"],
  columns: {
    id: "text",
    userId: "text",
    type: "text",
    provider: "text",
    providerAccountId: "text",
    refresh_token: "text",
    access_token: "text",
    expires_at: "integer",
    token_type: "text",
    scope: "text",
    id_token: "text",
    session_state: "text",
    authorization_details: "json",
    // sekisho's own (migration 0004_account_token_state): src/session/provider-tokens/
    obtained_at: "integer",
    refresh_error: "text",
  },
};

export const sessions: Table = {
  name: "sessions",
  key: ["id"],
  columns: { id: "text", sessionToken: "text", userId: "text", expires: "date" },
};

export const verificationTokens: Table = {
  name: "verification_token",
  key: ["identifier", "token"],
  columns: { identifier: "text", token: "text", expires: "date" },
};

export const authenticators: Table = {
  name: "authenticators",
  key: ["credentialID"],
  columns: {
    credentialID: "text",
    userId: "text",
    providerAccountId: "text",
    credentialPublicKey: "text",
    counter: "integer",
    credentialDeviceType: "text",
    credentialBackedUp: "boolean",
    transports: "text",
  },
};

/** sekisho's own (migration 0005_user_factors): second factors and password hashes, src/adapters/user-factors/. */
export const userFactors: Table = {
  name: "sekisho_user_factors",
  key: ["user_id", "kind", "id"],
  columns: {
    user_id: "text",
    kind: "text",
    id: "text",
    secret: "text",
    label: "text",
    created_at: "integer",
    last_used_at: "integer",
    expires_at: "integer",
    confirmed: "boolean",
  },
};

/** A record's values for `table`'s columns, in the form `dialect` stores. Absent values become NULL. */
export function encodeRow(table: Table, record: object, dialect: SqlDialect): Row {
  const values = record as Row;
  const row: Row = {};
  for (const [column, kind] of Object.entries(table.columns)) {
    if (column in values) row[column] = encodeValue(values[column], kind, dialect);
  }
  return row;
}

function encodeValue(value: unknown, kind: Kind, dialect: SqlDialect): unknown {
  if (value === undefined || value === null) return null;
  switch (kind) {
    case "date":
      // SQLite has no date type; ISO text sorts and reads well.
      return dialect === "sqlite" ? (value as Date).toISOString() : value;
    case "boolean":
      return dialect === "postgres" ? value : value ? 1 : 0;
    case "json":
      return JSON.stringify(value);
    default:
      return value;
  }
}

/** A row as read from any dialect, with Dates, numbers, booleans and parsed JSON. */
export function decodeRow(table: Table, row: Row): Row {
  const record: Row = {};
  for (const [column, kind] of Object.entries(table.columns)) {
    if (column in row) record[column] = decodeValue(row[column], kind);
  }
  return record;
}

function decodeValue(value: unknown, kind: Kind): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case "date":
      return value instanceof Date ? value : new Date(value as string | number);
    case "integer":
      // PostgreSQL hands BIGINT back as a string, some SQLite drivers as a bigint.
      return Number(value);
    case "boolean":
      return Boolean(Number(value));
    case "json":
      return typeof value === "string" ? JSON.parse(value) : value;
    default:
      return typeof value === "string" ? value : String(value);
  }
}
