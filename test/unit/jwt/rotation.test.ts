import { encode as referenceEncode } from "@auth/core/jwt";
import { describe, expect, it } from "vitest";
import { createJwtCodec } from "../../../src/jwt.js";
import { mint } from "./independent-keys.js";

const salt = "authjs.session-token";
const oldSecret = "old-secret-old-secret-old-secret";
const newSecret = "new-secret-new-secret-new-secret";
const token = { sub: "user-1", name: "Ada" };

describe("secret rotation", () => {
  it("decodes a token minted with the old secret when the secrets are [new, old]", async () => {
    const minted = await referenceEncode({ token, secret: oldSecret, salt });
    const decoded = await createJwtCodec().decode({ token: minted, secret: [newSecret, oldSecret], salt });
    expect(decoded).toMatchObject(token);
  });

  it("fails for a token minted with the old secret when only the new one is configured", async () => {
    const minted = await referenceEncode({ token, secret: oldSecret, salt });
    await expect(createJwtCodec().decode({ token: minted, secret: [newSecret], salt })).rejects.toThrow();
    await expect(createJwtCodec().decode({ token: minted, secret: newSecret, salt })).rejects.toThrow();
  });

  it("encodes with the first secret of the array", async () => {
    const codec = createJwtCodec();
    const minted = await codec.encode({ token, secret: [newSecret, oldSecret], salt });
    expect(await codec.decode({ token: minted, secret: newSecret, salt })).toMatchObject(token);
    await expect(codec.decode({ token: minted, secret: oldSecret, salt })).rejects.toThrow();
  });
});

describe("kid selection", () => {
  it("picks the secret whose key thumbprint matches kid, wherever it stands in the list", async () => {
    const minted = await mint(token, { enc: "A256CBC-HS512", secret: oldSecret, salt });
    const decoded = await createJwtCodec().decode({ token: minted, secret: ["s1-unrelated", newSecret, oldSecret], salt });
    expect(decoded).toMatchObject(token);
  });

  it("rejects a token whose kid matches no secret, even when a secret would decrypt it", async () => {
    const minted = await mint(token, { enc: "A256CBC-HS512", secret: oldSecret, salt });
    const [header, ...rest] = minted.split(".");
    const forged = JSON.parse(Buffer.from(header, "base64url").toString());
    forged.kid = "not-a-thumbprint";
    const token2 = [Buffer.from(JSON.stringify(forged)).toString("base64url"), ...rest].join(".");
    await expect(createJwtCodec().decode({ token: token2, secret: [oldSecret], salt })).rejects.toThrow("no matching decryption secret");
  });

  it("tries every secret in order when the token has no kid", async () => {
    for (const enc of ["A256CBC-HS512", "A256GCM"] as const) {
      const minted = await mint(token, { enc, secret: oldSecret, salt, kid: false });
      const decoded = await createJwtCodec().decode({ token: minted, secret: [newSecret, oldSecret], salt });
      expect(decoded).toMatchObject(token);
    }
  });

  it("uses kids for A256GCM tokens too", async () => {
    const minted = await mint(token, { enc: "A256GCM", secret: oldSecret, salt });
    expect(await createJwtCodec().decode({ token: minted, secret: [newSecret, oldSecret], salt })).toMatchObject(token);
    await expect(createJwtCodec().decode({ token: minted, secret: [newSecret], salt })).rejects.toThrow();
  });
});
