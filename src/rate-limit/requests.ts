import { InvalidRequest } from "../errors.js";
import type { AuthContext } from "../http/context.js";
import type { CredentialsProviderConfig, ProviderConfig } from "../config/providers/types.js";
import { clientAddress } from "./client-ip.js";
import { consume } from "./consume.js";
import type { RateLimitRule } from "../config/rate-limit.js";

/** Where a route is in a provider's flow. */
export type Step = "signin" | "callback" | "options";

/**
 * One spelling per identifier: "Alice@Example.com ", "alice@example.com" and "alicé@example.com" share a bucket.
 * Accents and compatibility forms go, as an app's accent-insensitive collation (MySQL's `_ai_ci`) would look
 * them up as one account; a bucket shared by two real names only counts more strictly.
 */
function normalized(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.trim()) return undefined;
  return value
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .trim()
    .toLowerCase()
    .normalize("NFKC")
    .slice(0, 320);
}

/** The credentials field that names the account: the first one that is not a password. */
function accountField(provider: CredentialsProviderConfig, body: Record<string, unknown>): unknown {
  const field = Object.entries(provider.credentials ?? {}).find(([, input]) => input?.type !== "password")?.[0];
  return field ? body[field] : (body.email ?? body.username);
}

/** The credential ID in a WebAuthn callback's `data`, which arrives as JSON text or as an object. */
function credentialId(data: unknown): unknown {
  if (typeof data !== "string") return (data as { id?: unknown } | undefined)?.id;
  try {
    return (JSON.parse(data) as { id?: unknown } | null)?.id;
  } catch {
    return undefined;
  }
}

/**
 * The rule a request counts under, and its identifier when the request names one. Email addresses are
 * counted by the email flow itself, once it has checked them. OAuth and OIDC are not counted: their sign-in
 * writes only check cookies, and their callback needs an identity the provider has proven.
 */
function countedAs(
  ctx: AuthContext,
  provider: ProviderConfig,
  step: Step,
): { rule: RateLimitRule; identifier?: unknown } | undefined {
  switch (provider.type) {
    case "credentials":
      return step === "callback" ? { rule: "credentials", identifier: accountField(provider, ctx.body) } : undefined;
    case "email":
      if (step === "signin") return { rule: "emailRequest" };
      return step === "callback" && ctx.body.code !== undefined ? { rule: "emailCode" } : undefined;
    case "webauthn":
      if (step === "options") return { rule: "webauthnOptions", identifier: ctx.query.email };
      return step === "callback" ? { rule: "webauthnVerify", identifier: credentialId(ctx.body.data) } : undefined;
    default:
      return undefined;
  }
}

/** Counts a request a route is about to serve, when rate limits are on; raises RateLimited over a limit. */
export async function limitRequest(ctx: AuthContext, provider: ProviderConfig, step: Step): Promise<void> {
  if (!ctx.config.rateLimit.enabled) return;
  const counted = countedAs(ctx, provider, step);
  if (!counted) return;
  // A JSON array or number has no bucket, yet the app's code may read it as the name it holds (`${username}`).
  const { identifier } = counted;
  if (identifier !== undefined && identifier !== null && typeof identifier !== "string") {
    throw new InvalidRequest("The username, email or credential ID of a counted request must be a string.");
  }
  await consume(ctx, counted.rule, { ip: await clientAddress(ctx), identifier: normalized(counted.identifier) });
}
