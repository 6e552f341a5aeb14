import { afterEach, describe, expect, it, vi } from "vitest";
import { createKeyring } from "../../../src/session/keys.js";
import { derivedKey, kidOf } from "./independent-keys.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("keyring", () => {
  it("derives the reference's key and thumbprint for both algorithms", async () => {
    const keyring = createKeyring();
    for (const enc of ["A256CBC-HS512", "A256GCM"] as const) {
      const key = await keyring.get(enc, "secret", "authjs.session-token");
      expect(key.enc).toBe(enc);
      expect(key.kid).toBe(await kidOf(derivedKey(enc, "secret", "authjs.session-token")));
    }
  });

  it("is bounded: past the limit the oldest entry is derived again", async () => {
    const keyring = createKeyring(2);
    const deriveBits = vi.spyOn(crypto.subtle, "deriveBits");
    await keyring.get("A256GCM", "s", "a");
    await keyring.get("A256GCM", "s", "b");
    await keyring.get("A256GCM", "s", "a");
    expect(deriveBits).toHaveBeenCalledTimes(2);
    await keyring.get("A256GCM", "s", "c");
    await keyring.get("A256GCM", "s", "b");
    expect(deriveBits).toHaveBeenCalledTimes(3);
    await keyring.get("A256GCM", "s", "a");
    expect(deriveBits).toHaveBeenCalledTimes(4);
  });

  it("does not confuse salts and secrets that concatenate alike", async () => {
    const keyring = createKeyring();
    const one = await keyring.get("A256GCM", "b\nc", "a");
    const two = await keyring.get("A256GCM", "c", "a\nb");
    expect(one.kid).not.toBe(two.kid);
  });

  it("forgets a failed derivation so the next call retries", async () => {
    const keyring = createKeyring();
    vi.spyOn(crypto.subtle, "deriveBits").mockRejectedValueOnce(new Error("transient"));
    await expect(keyring.get("A256GCM", "s", "a")).rejects.toThrow("transient");
    await expect(keyring.get("A256GCM", "s", "a")).resolves.toMatchObject({ enc: "A256GCM" });
  });
});
