/**
 * A software WebAuthn authenticator built on node:crypto: ES256 (P-256) credentials, "none" attestation,
 * a signature counter the test controls, and hooks to forge what a browser would never send (another
 * challenge, origin or RP ID; no user verification; someone else's credential ID).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

export interface SoftCredential {
  /** base64url, as browsers send it. */
  id: string;
  privateKey: KeyObject;
  /** COSE_Key bytes, as the attestation carries them. */
  cosePublicKey: Uint8Array;
  userHandle: string;
  rpId: string;
  /** The counter the next signature reports; advanced after each one unless `counting` is false. */
  counter: number;
  counting: boolean;
}

/** Ways to make a response that a real browser and authenticator would not produce. */
export interface Forgery {
  challenge?: string;
  origin?: string;
  rpId?: string;
  /** Clear the user-verified flag. */
  withoutUserVerification?: boolean;
  /** Claim this credential ID (someone else's): attested at registration, posted with an assertion. */
  id?: string;
  /** Sign with this counter value. */
  counter?: number;
}

const flags = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 };

const b64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash("sha256").update(data).digest());

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function uint32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

function authenticatorData(rpId: string, flagBits: number, counter: number, attested?: Uint8Array): Uint8Array {
  return concat(sha256(rpId), new Uint8Array([flagBits]), uint32(counter), attested ?? new Uint8Array());
}

function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: "jwk" });
  const key = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, isoBase64URL.toBuffer(jwk.x!)],
    [-3, isoBase64URL.toBuffer(jwk.y!)],
  ]);
  return isoCBOR.encode(key);
}

export function createSoftAuthenticator(origin: string) {
  const credentials: SoftCredential[] = [];

  /** navigator.credentials.create(): a new credential for the options' RP and user. */
  function register(options: PublicKeyCredentialCreationOptionsJSON, forgery: Forgery = {}): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const rawId = forgery.id ? isoBase64URL.toBuffer(forgery.id) : new Uint8Array(randomBytes(32));
    const credential: SoftCredential = {
      id: b64url(rawId),
      privateKey,
      cosePublicKey: coseKey(publicKey),
      userHandle: options.user.id,
      rpId: options.rp.id ?? new URL(origin).hostname,
      counter: 0,
      counting: true,
    };
    const idLength = new Uint8Array([rawId.length >> 8, rawId.length & 0xff]);
    const attested = concat(new Uint8Array(16), idLength, rawId, credential.cosePublicKey);
    const uv = forgery.withoutUserVerification ? 0 : flags.userVerified;
    const authData = authenticatorData(forgery.rpId ?? credential.rpId, flags.userPresent | uv | flags.attestedData, credential.counter, attested);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]) as never);
    credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientData("webauthn.create", forgery.challenge ?? options.challenge, forgery.origin ?? origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** navigator.credentials.get(): an assertion by `credential` (default: the first one the options allow). */
  function authenticate(options: PublicKeyCredentialRequestOptionsJSON, credential?: SoftCredential, forgery: Forgery = {}): AuthenticationResponseJSON {
    const allowed = options.allowCredentials?.map((c) => c.id);
    const signer = credential ?? credentials.find((c) => !allowed || allowed.includes(c.id));
    if (!signer) throw new Error("NotAllowedError: no credential for these options");
    const counter = forgery.counter ?? (signer.counting ? ++signer.counter : signer.counter);
    const uv = forgery.withoutUserVerification ? 0 : flags.userVerified;
    const authData = authenticatorData(forgery.rpId ?? signer.rpId, flags.userPresent | uv, counter);
    const clientDataJSON = clientData("webauthn.get", forgery.challenge ?? options.challenge, forgery.origin ?? origin);
    const signature = new Uint8Array(sign("sha256", concat(authData, sha256(clientDataJSON)), signer.privateKey));
    return {
      id: forgery.id ?? signer.id,
      rawId: forgery.id ?? signer.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: signer.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  return { credentials, register, authenticate };
}

export type SoftAuthenticator = ReturnType<typeof createSoftAuthenticator>;
