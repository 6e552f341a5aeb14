import pg from "pg";

/**
 * A pg Pool for tests. Dropping a test database ends its idle connections, and pg turns that into an
 * uncaught error unless the pool has an `error` listener.
 */
export function testPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on("error", () => {});
  return pool;
}
