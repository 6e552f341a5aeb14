import { parseArgs } from "node:util";
import { migrate, type MigrateOptions, type MigrationDialect } from "../adapters/migrate.js";
import { purge } from "../adapters/purge.js";
import { connectableDialects, dialectSchemes } from "../adapters/sql/connect.js";
import { codemod } from "./codemod.js";

export interface Output {
  log(message: string): void;
  error(message: string): void;
}

const usage = `Usage: sekisho <migrate|purge> --adapter <sqlite|postgres|mysql> --url <url>
       sekisho codemod [dir] [--dry-run]

  migrate     applies the pending schema migrations for sekisho's SQL adapters
  purge       deletes the expired sessions and verification tokens, and says how many
  --adapter   sqlite (also libSQL), postgres, or mysql (also MariaDB)
  --url       connection URL, or for sqlite a file path; defaults to $DATABASE_URL
              (mysql: add ?timezone=Z if the app's pool sets timezone: "Z")
  codemod     moves the imports of a next-auth (4 or 5), @auth/core or @auth/sveltekit app under dir
              (default: the current folder) to sekisho's, and lists what it left for you by file and line
  --dry-run   codemod: says what it would rewrite, and writes nothing
For Cloudflare D1, call migrateD1(env.DB) and D1Adapter(env.DB).purgeExpired() from sekisho/adapters/d1 instead.`;

function hasScheme(url: string, accepted: readonly string[]): boolean {
  return accepted.length === 0 || (URL.canParse(url) && accepted.includes(new URL(url).protocol));
}

/**
 * The driver's message without the URL's password: @libsql/client quotes the URL it fetched, rewritten
 * (libsql: to http:, its path added), userinfo and all.
 */
function withoutPassword(message: string, url: string): string {
  const password = URL.canParse(url) ? new URL(url).password : "";
  return password ? message.split(password).join("[redacted]") : message;
}

/**
 * A driver the app has not installed (each is an optional peer): Node's "Cannot find package 'pg' imported from
 * <path>" becomes the install command.
 */
function missingDriver(error: unknown, dialect: MigrationDialect): string | undefined {
  if ((error as { code?: unknown })?.code !== "ERR_MODULE_NOT_FOUND") return undefined;
  const name = /Cannot find package '([^']+)'/.exec((error as Error).message)?.[1];
  return name && `the ${dialect} driver is not installed. Run \`npm install ${name}\` in the app, then this command again.`;
}

interface Command {
  /** Does the work on the database; resolves to what to print. */
  run(target: MigrateOptions): Promise<string>;
  /** What the error line opens with, before the driver's message. */
  failure: string;
}

const commands: Record<string, Command> = {
  migrate: {
    async run(target) {
      const applied = await migrate(target);
      return applied.length > 0 ? applied.map((name) => `applied ${name}`).join("\n") : "schema is up to date";
    },
    failure: "migration failed",
  },
  purge: {
    async run(target) {
      const deleted = await purge(target);
      return `deleted ${deleted.sessions} from sessions, ${deleted.verificationTokens} from verification_token`;
    },
    failure: "purge failed",
  },
};

function parseCommandLine(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      adapter: { type: "string" },
      url: { type: "string" },
      "dry-run": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
}

/** Runs the command line `args` (without node and the script); resolves to the exit code. */
export async function run(args: string[], out: Output, env: Record<string, string | undefined> = {}): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(args);
  } catch (error) {
    out.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (values.help) {
    out.log(usage);
    return 0;
  }
  const [name] = positionals;
  if (name === "codemod" && positionals.length <= 2) {
    return codemod(positionals[1] ?? ".", { dryRun: values["dry-run"] === true }, out);
  }
  const command = positionals.length === 1 && Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    out.error(usage);
    return 2;
  }
  const dialect = values.adapter as MigrationDialect;
  if (!connectableDialects.includes(dialect)) {
    out.error(`--adapter must be one of ${connectableDialects.join(", ")}\n\n${usage}`);
    return 2;
  }
  const url = values.url ?? env.DATABASE_URL;
  if (!url) {
    out.error(`--url is missing and DATABASE_URL is not set\n\n${usage}`);
    return 2;
  }
  const schemes = dialectSchemes(dialect);
  if (!hasScheme(url, schemes)) {
    // not echoed: it may hold a password
    out.error(`--url must be a ${schemes.map((scheme) => `${scheme}//`).join(" or ")} URL for ${dialect}\n\n${usage}`);
    return 2;
  }
  try {
    out.log(await command.run({ dialect, url }));
    return 0;
  } catch (error) {
    out.error(`${command.failure}: ${missingDriver(error, dialect) ?? withoutPassword((error as Error).message, url)}`);
    return 1;
  }
}
