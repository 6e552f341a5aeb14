import { parseProvider } from "../../../src/config/providers/parse.js";
import type { EmailProviderConfig, EmailVerificationRequest, Provider } from "../../../src/config/providers/provider-types.js";

export const token = "4f1c9a8e2b7d3c6a5e0f9b8a7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d";

/** A provider as the core hands it to `sendVerificationRequest`: options applied, env read. */
export function parsedEmailProvider(provider: Provider, env: Record<string, string | undefined> = {}): EmailProviderConfig {
  return parseProvider(provider, env) as EmailProviderConfig;
}

/** The link the core builds: `/callback/:id?callbackUrl&token&email`. */
export function signInLink(providerId: string, identifier: string, origin = "http://localhost:3000"): string {
  const url = new URL(`${origin}/api/auth/callback/${providerId}`);
  url.searchParams.set("callbackUrl", `${origin}/dashboard`);
  url.searchParams.set("token", token);
  url.searchParams.set("email", identifier);
  return url.href;
}

export function verificationRequest(
  provider: EmailProviderConfig,
  overrides: Partial<EmailVerificationRequest> = {},
): EmailVerificationRequest {
  const identifier = overrides.identifier ?? "ada@example.com";
  return {
    identifier,
    url: signInLink(provider.id, identifier),
    expires: new Date(Date.now() + 24 * 60 * 60 * 1000),
    provider,
    token,
    theme: {},
    request: new Request(`http://localhost:3000/api/auth/signin/${provider.id}`, { method: "POST" }),
    ...overrides,
  };
}

export function occurrences(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

const htmlEntities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** How a value must appear inside the HTML part. */
export function escaped(value: string): string {
  return value.replace(/[&<>"']/g, (char) => htmlEntities[char]);
}
