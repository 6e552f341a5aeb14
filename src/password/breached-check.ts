/**
 * Have I Been Pwned's range API (k-anonymity): only the first five hex digits of the password's SHA-1 leave
 * the server; the answer lists the suffixes of every breached password with that prefix, padded so that its
 * size says nothing.
 */
import { toHex } from "../crypto.js";

export const pwnedRangeUrl = "https://api.pwnedpasswords.com/range/";

/** What the check found: the password is in a breach, is not, or the service could not say. */
export type BreachVerdict = "breached" | "clean" | "unavailable";

async function sha1Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text)))).toUpperCase();
}

/** Asks the range API about the password; never throws: a failure or a timeout is "unavailable". */
export async function breachVerdict(password: string, fetchFn: typeof fetch, timeoutMs: number): Promise<BreachVerdict> {
  const digest = await sha1Hex(password);
  const prefix = digest.slice(0, 5);
  const suffix = digest.slice(5);
  try {
    const response = await fetchFn(`${pwnedRangeUrl}${prefix}`, {
      headers: { "Add-Padding": "true" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return "unavailable";
    for (const line of (await response.text()).split("\n")) {
      const [candidate, count] = line.trim().split(":");
      if (candidate?.toUpperCase() === suffix && Number(count) > 0) return "breached";
    }
    return "clean";
  } catch {
    return "unavailable";
  }
}
