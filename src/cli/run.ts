import { parseArgs } from "node:util";
import { migrate, type MigrationDialect } from "../adapters/migrate.js";

export interface Output {
  log(message: string): void;
  error(message: string): void;
}

const usage = `Usage: sekisho migrate --adapter <sqlite|postgres|mysql> --url <url>

Applies the pending schema migrations for sekisho's SQL adapters.
  --adapter   sqlite (also libSQL), postgres, or mysql (also MariaDB)
  --url       connection URL, or for sqlite a file path; defaults to $DATABASE_URL
For Cloudflare D1, call migrateD1(env.DB) from sekisho/adapters/d1 instead.`;

const dialects: readonly MigrationDialect[] = ["sqlite", "postgres", "mysql"];

/** Runs the command line `args` (without node and the script); resolves to the exit code. */
export async function run(args: string[], out: Output, env: Record<string, string | undefined> = {}): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { adapter: { type: "string" }, url: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    out.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (values.help) {
    out.log(usage);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] !== "migrate") {
    out.error(usage);
    return 2;
  }
  const dialect = values.adapter as MigrationDialect;
  if (!dialects.includes(dialect)) {
    out.error(`--adapter must be one of ${dialects.join(", ")}\n\n${usage}`);
    return 2;
  }
  const url = values.url ?? env.DATABASE_URL;
  if (!url) {
    out.error(`--url is missing and DATABASE_URL is not set\n\n${usage}`);
    return 2;
  }
  try {
    const applied = await migrate({ dialect, url });
    out.log(applied.length > 0 ? applied.map((name) => `applied ${name}`).join("\n") : "schema is up to date");
    return 0;
  } catch (error) {
    // the driver's message, never the URL, which may hold a password
    out.error(`migration failed: ${(error as Error).message}`);
    return 1;
  }
}
