import { decode as referenceDecode, encode as referenceEncode } from "@auth/core/jwt";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createJwtCodec } from "../../../src/jwt.js";
import { mint, mintRaw } from "./independent-keys.js";

const secret = "claims-secret-claims-secret";
const salt = "authjs.session-token";
const start = new Date("2026-03-01T12:00:00Z");

describe("time claims (15 s clock tolerance)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("accepts a token that expired 10 s ago and rejects one that expired 20 s ago", async () => {
    const codec = createJwtCodec();
    const minted = await codec.encode({ token: { sub: "1" }, secret, salt, maxAge: 60 });
    vi.setSystemTime(start.getTime() + 70_000);
    expect(await codec.decode({ token: minted, secret, salt })).toMatchObject({ sub: "1" });
    vi.setSystemTime(start.getTime() + 80_000);
    await expect(codec.decode({ token: minted, secret, salt })).rejects.toThrow(/expired/);
  });

  it("agrees with @auth/core at the tolerance boundary", async () => {
    const codec = createJwtCodec();
    const minted = await referenceEncode({ token: { sub: "1" }, secret, salt, maxAge: 60 });
    for (const late of [74, 75, 76]) {
      vi.setSystemTime(start.getTime() + late * 1000);
      const ours = await codec.decode({ token: minted, secret, salt }).then(Boolean, () => false);
      const theirs = await referenceDecode({ token: minted, secret, salt }).then(Boolean, () => false);
      expect(ours, `${late} s after issue`).toBe(theirs);
    }
    vi.setSystemTime(start.getTime() + 74_000);
    expect(await codec.decode({ token: minted, secret, salt })).not.toBeNull();
    vi.setSystemTime(start.getTime() + 75_000);
    await expect(codec.decode({ token: minted, secret, salt })).rejects.toThrow();
  });

  it("rejects a token not valid before a time more than 15 s ahead", async () => {
    const now = Math.floor(start.getTime() / 1000);
    const codec = createJwtCodec();
    const soon = await mint({ sub: "1", nbf: now + 10 }, { enc: "A256CBC-HS512", secret, salt });
    expect(await codec.decode({ token: soon, secret, salt })).toMatchObject({ sub: "1" });
    const later = await mint({ sub: "1", nbf: now + 20 }, { enc: "A256CBC-HS512", secret, salt });
    await expect(codec.decode({ token: later, secret, salt })).rejects.toThrow(/not valid yet/);
  });

  it("rejects time claims that are not numbers", async () => {
    const codec = createJwtCodec();
    for (const claim of ["iat", "nbf", "exp"]) {
      const minted = await mintRaw(JSON.stringify({ sub: "1", [claim]: "soon" }), { enc: "A256GCM", secret, salt });
      await expect(codec.decode({ token: minted, secret, salt })).rejects.toThrow(claim);
    }
  });

  it("rejects a plaintext that is not a JSON object", async () => {
    const codec = createJwtCodec();
    for (const plaintext of ["[1,2]", "null", "42", '"text"', "{not json"]) {
      const minted = await mintRaw(plaintext, { enc: "A256CBC-HS512", secret, salt });
      await expect(codec.decode({ token: minted, secret, salt })).rejects.toThrow(/JSON object/);
    }
  });
});
