import { providerEnvKey } from "../config/env-vars.js";
import { customFetch, type EmailProviderConfig, type EmailVerificationRequest } from "../config/providers/provider-types.js";

/** Options of an email provider that sends through an HTTP API; `[customFetch]` routes its requests elsewhere. */
export type EmailApiOptions = Partial<EmailProviderConfig>;

const timeoutSeconds = 10;
const maxReasonLength = 200;

/**
 * The error for a failed send: the service and the reason, with the link, token, code and API key cut
 * out of the reason (a service may echo what it was sent) and control characters flattened.
 */
export function sendError(service: string, reason: string, params: EmailVerificationRequest): Error {
  const secrets = [params.url, params.token, params.otp, params.provider.apiKey].filter(
    (secret): secret is string => typeof secret === "string" && secret.length > 0,
  );
  let safe = reason;
  for (const secret of secrets) safe = safe.split(secret).join("[redacted]");
  safe = safe.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  if (safe.length > maxReasonLength) safe = `${safe.slice(0, maxReasonLength)}…`;
  return new Error(`${service} could not send the sign-in email: ${safe}`);
}

/** The provider's API key, or an error naming the option and the environment variable that set it. */
export function requireApiKey(provider: EmailProviderConfig, service: string): string {
  if (provider.apiKey) return provider.apiKey;
  throw new Error(
    `${service}: no API key. Set the provider's \`apiKey\` option or the ${providerEnvKey(provider.id, "KEY")} environment variable.`,
  );
}

/** The message an API put in its error answer: `message` (Resend), `Message` (Postmark) or `errors[].message` (SendGrid). */
async function answerMessage(response: Response): Promise<string | undefined> {
  const body: unknown = await response.json().catch(() => undefined);
  if (typeof body !== "object" || body === null) return undefined;
  const { message, Message, errors } = body as { message?: unknown; Message?: unknown; errors?: unknown };
  const first = Array.isArray(errors) ? (errors[0] as { message?: unknown } | undefined)?.message : undefined;
  const found = [message, Message, first].find((value) => typeof value === "string");
  return found as string | undefined;
}

function networkReason(error: unknown): string {
  if ((error as { name?: unknown } | undefined)?.name === "TimeoutError") return `no answer within ${timeoutSeconds} s`;
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  if (typeof code === "string") return `the request failed (${code})`;
  return error instanceof Error ? `the request failed: ${error.message}` : "the request failed";
}

export interface EmailApiRequest {
  /** The service's name for error messages, e.g. "Resend". */
  service: string;
  url: string;
  headers: Record<string, string>;
  /** Sent as JSON, or as a form when the API takes one (Mailgun). */
  body: unknown;
}

/** `"Acme <no-reply@acme.com>"` split into its address and display name, for APIs that take them apart. */
export function senderParts(from: string): { email: string; name?: string } {
  const match = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(from);
  if (!match) return { email: from.trim() };
  const name = match[1].replace(/^"(.*)"$/, "$1");
  return name ? { email: match[2].trim(), name } : { email: match[2].trim() };
}

/** The `Authorization` value of HTTP Basic authentication. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${btoa(`${user}:${password}`)}`;
}

/** POSTs JSON to an email API through the provider's fetch, giving up after 10 s; a non-2xx answer is an error. */
export async function postEmail(params: EmailVerificationRequest, request: EmailApiRequest): Promise<void> {
  const send = params.provider[customFetch] ?? fetch;
  const { body } = request;
  const form = body instanceof URLSearchParams;
  const contentType = form ? "application/x-www-form-urlencoded" : "application/json";
  let response: Response;
  try {
    response = await send(request.url, {
      method: "POST",
      headers: { "Content-Type": contentType, "User-Agent": "sekisho", ...request.headers },
      body: form ? body.toString() : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutSeconds * 1000),
    });
  } catch (error) {
    throw sendError(request.service, networkReason(error), params);
  }
  if (response.ok) {
    await response.body?.cancel();
    return;
  }
  const message = await answerMessage(response);
  throw sendError(request.service, `status ${response.status}${message ? ` (${message})` : ""}`, params);
}
