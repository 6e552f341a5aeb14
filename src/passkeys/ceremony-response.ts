import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { InvalidRequest } from "../errors.js";

const base64url = /^[A-Za-z0-9_-]{1,1400}$/;

/**
 * The browser's ceremony result, posted as a JSON string in `data`. Only its outer shape is checked here;
 * @simplewebauthn/server checks every field when it verifies.
 */
export function readCeremonyResponse<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(data: unknown): T {
  if (typeof data !== "string") throw new InvalidRequest("`data` must be the JSON string of the browser's WebAuthn response.");
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw new InvalidRequest("`data` is not valid JSON.");
  }
  const candidate = parsed as Partial<T> | null;
  if (
    typeof candidate !== "object" ||
    candidate === null ||
    Array.isArray(candidate) ||
    typeof candidate.id !== "string" ||
    !base64url.test(candidate.id) ||
    typeof candidate.response !== "object" ||
    candidate.response === null
  ) {
    throw new InvalidRequest("`data` is not a WebAuthn response: it needs a base64url `id` and a `response` object.");
  }
  return candidate as T;
}
