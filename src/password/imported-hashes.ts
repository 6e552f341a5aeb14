/**
 * Hashes an app brings from its own Credentials code, verified so that they can be replaced by the default
 * on the user's next sign-in: PBKDF2-SHA-256 as PHC strings (`$pbkdf2-sha256$i=…$salt$hash`, passlib's
 * `$pbkdf2-sha256$29000$…`) and as Django stores it (`pbkdf2_sha256$iterations$salt$base64hash`).
 */
import { bytesEqualInConstantTime } from "../crypto.js";
import { decodePhcBase64, integerParam, parsePhc } from "./phc.js";

/** Above this a stored hash is refused rather than run: an imported row cannot make a sign-in hang. */
const MAX_ITERATIONS = 10_000_000;

async function pbkdf2(password: Uint8Array, salt: Uint8Array, iterations: number, length: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", password as BufferSource, "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    key,
    length * 8,
  );
  return new Uint8Array(bits);
}

interface Pbkdf2Hash {
  iterations: number;
  salt: Uint8Array;
  hash: Uint8Array;
}

function readPhcPbkdf2(stored: string): Pbkdf2Hash | undefined {
  const phc = parsePhc(stored);
  if (phc?.id !== "pbkdf2-sha256") return undefined;
  const iterations = integerParam(phc.params.i ?? phc.params.rounds ?? phc.params[""], 1, MAX_ITERATIONS);
  return iterations ? { iterations, salt: phc.salt, hash: phc.hash } : undefined;
}

function readDjangoPbkdf2(stored: string): Pbkdf2Hash | undefined {
  const parts = stored.split("$");
  if (parts.length !== 4 || parts[0] !== "pbkdf2_sha256") return undefined;
  const iterations = integerParam(parts[1], 1, MAX_ITERATIONS);
  const hash = decodePhcBase64(parts[3]);
  if (!iterations || !hash || parts[2] === "") return undefined;
  return { iterations, salt: new TextEncoder().encode(parts[2]), hash };
}

/** True or false for a PBKDF2 hash this reads; undefined when `stored` is no such hash. */
export async function verifyPbkdf2(stored: string, password: Uint8Array): Promise<boolean | undefined> {
  const read = readPhcPbkdf2(stored) ?? readDjangoPbkdf2(stored);
  if (!read || read.hash.length > 64) return undefined;
  return bytesEqualInConstantTime(await pbkdf2(password, read.salt, read.iterations, read.hash.length), read.hash);
}
