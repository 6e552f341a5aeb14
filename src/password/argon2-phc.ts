/**
 * argon2 hashes as apps store them, in the reference implementation's PHC string:
 * `$argon2id$v=19$m=65536,t=3,p=4$salt$hash` (also `$argon2i$` and `$argon2d$`; without `v=`, version 0x10),
 * and the cost above which sekisho refuses to run one.
 */
import { bytesEqualInConstantTime } from "../crypto.js";
import { type Argon2Params, argon2 } from "./argon2.js";
import { integerParam, parsePhc } from "./phc.js";

/** The most an imported argon2 hash may ask for: memory in KiB (256 MiB), passes, lanes. */
export const argon2Limits = { memory: 262_144, passes: 10, lanes: 64 } as const;

export const argon2LimitsText = `m=${argon2Limits.memory} KiB (256 MiB), t=${argon2Limits.passes} and p=${argon2Limits.lanes}`;

export interface StoredArgon2 {
  params: Argon2Params;
  salt: Uint8Array;
  hash: Uint8Array;
}

const types = new Set(["argon2d", "argon2i", "argon2id"]);
const MAX_WORD = 2 ** 32 - 1;

/** An argon2 PHC string's parameters, salt and hash, whatever their cost; undefined when `stored` is none. */
export function readArgon2(stored: string): StoredArgon2 | undefined {
  const phc = parsePhc(stored);
  if (!phc || !types.has(phc.id)) return undefined;
  const { v = "16", m, t, p, ...others } = phc.params;
  const lanes = integerParam(p, 1, MAX_WORD);
  const memory = integerParam(m, 8 * (lanes ?? 1), MAX_WORD);
  const passes = integerParam(t, 1, MAX_WORD);
  // keyid and data name a secret and associated data that the string does not carry
  if (Object.keys(others).length > 0 || (v !== "16" && v !== "19") || !lanes || !memory || !passes) return undefined;
  if (phc.hash.length < 4 || phc.hash.length > 1024) return undefined;
  const type = phc.id as Argon2Params["type"];
  return { params: { type, version: v === "19" ? 0x13 : 0x10, memory, passes, lanes }, salt: phc.salt, hash: phc.hash };
}

export function isTooCostly({ memory, passes, lanes }: Argon2Params): boolean {
  return memory > argon2Limits.memory || passes > argon2Limits.passes || lanes > argon2Limits.lanes;
}

/** True or false for an argon2 hash within the limits; "too-costly", not run, above them; undefined for no argon2 hash. */
export async function verifyArgon2(stored: string, password: Uint8Array): Promise<boolean | "too-costly" | undefined> {
  const read = readArgon2(stored);
  if (!read) return undefined;
  if (isTooCostly(read.params)) return "too-costly";
  const tag = await argon2(read.params, { password, salt: read.salt, tagLength: read.hash.length });
  return bytesEqualInConstantTime(tag, read.hash);
}
