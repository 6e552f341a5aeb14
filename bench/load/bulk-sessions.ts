/** Fills the sessions table with generate_series: one user per ten sessions, all unexpired. */
import type pg from "pg";

export async function fillSessions(pool: pg.Pool, total: number): Promise<void> {
  const { rows } = await pool.query(`SELECT count(*)::int AS n FROM sessions WHERE id LIKE 'bulk-%'`);
  const from = (rows[0] as { n: number }).n + 1;
  if (from > total) return;
  await pool.query(
    `INSERT INTO users (id, email) SELECT 'bulk-' || i, 'bulk-' || i || '@example.com' FROM generate_series($1::int, $2::int) i WHERE i % 10 = 0`,
    [from, total],
  );
  await pool.query(
    `INSERT INTO sessions (id, "sessionToken", "userId", expires)
     SELECT 'bulk-' || i, md5('bulk-session-' || i), 'bulk-' || ((i + 9) / 10 * 10), now() + interval '30 days'
     FROM generate_series($1::int, $2::int) i`,
    [from, total],
  );
  await pool.query("ANALYZE users");
  await pool.query("ANALYZE sessions");
}
