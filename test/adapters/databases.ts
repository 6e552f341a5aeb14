/** Throwaway databases on the local servers, one per suite, dropped afterwards. */
import mysql from "mysql2/promise";
import pg from "pg";
import { testPool } from "../helpers/pg-pool.js";

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

const freshName = () => `sekisho_test_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;

function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/** Runs one statement as the server's admin, on a connection of its own. */
async function asPostgresAdmin(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Runs one statement as the server's admin, on a connection of its own. */
async function asMySQLAdmin(adminUrl: string, statement: string): Promise<void> {
  const connection = await mysql.createConnection(adminUrl);
  try {
    await connection.query(statement);
  } finally {
    await connection.end();
  }
}

export async function freshPostgresDatabase(adminUrl: string): Promise<FreshDatabase> {
  const name = freshName();
  await asPostgresAdmin(adminUrl, `CREATE DATABASE ${name}`);
  return { url: withDatabase(adminUrl, name), drop: () => asPostgresAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function freshMySQLDatabase(adminUrl: string): Promise<FreshDatabase> {
  const name = freshName();
  await asMySQLAdmin(adminUrl, `CREATE DATABASE ${name}`);
  return { url: withDatabase(adminUrl, name), drop: () => asMySQLAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name}`) };
}

/** Runs `fn` on a fresh PostgreSQL database and a pool on it, then ends the pool and drops the database. */
export async function withFreshPostgres<T>(adminUrl: string, fn: (pool: pg.Pool, url: string) => Promise<T>): Promise<T> {
  const database = await freshPostgresDatabase(adminUrl);
  const pool = testPool({ connectionString: database.url });
  try {
    return await fn(pool, database.url);
  } finally {
    await pool.end();
    await database.drop();
  }
}
