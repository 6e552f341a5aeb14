/** Throwaway databases on the local servers, one per suite, dropped afterwards. */
import mysql from "mysql2/promise";
import pg from "pg";

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

export async function freshPostgresDatabase(adminUrl: string): Promise<FreshDatabase> {
  const name = freshName();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function freshMySQLDatabase(adminUrl: string): Promise<FreshDatabase> {
  const name = freshName();
  const admin = await mysql.createConnection(adminUrl);
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const connection = await mysql.createConnection(adminUrl);
      try {
        await connection.query(`DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await connection.end();
      }
    },
  };
}
