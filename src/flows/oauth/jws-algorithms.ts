/** The JWS algorithms accepted, as Web Crypto parameters (RFC 7518 §3, RFC 8037 §3.1). None of them is "none". */

type Hash = "SHA-256" | "SHA-384" | "SHA-512";

/** An algorithm verified with a public key from the provider's JWKS. */
export type PublicKeyAlgorithm =
  | { kty: "RSA"; importParams: RsaHashedImportParams; verifyParams: Algorithm | RsaPssParams }
  | {
      kty: "EC" | "OKP";
      crv: string;
      importParams: EcKeyImportParams | Algorithm;
      verifyParams: EcdsaParams | Algorithm;
      /** Fixed by the curve: ECDSA signatures are R || S, each as long as the curve's order (RFC 7518 §3.4). */
      signatureLength: number;
    };

const pkcs1 = (hash: Hash): PublicKeyAlgorithm => ({
  kty: "RSA",
  importParams: { name: "RSASSA-PKCS1-v1_5", hash },
  verifyParams: { name: "RSASSA-PKCS1-v1_5" },
});

/** RFC 7518 §3.5: the salt is as long as the hash. */
const pss = (hash: Hash, saltLength: number): PublicKeyAlgorithm => ({
  kty: "RSA",
  importParams: { name: "RSA-PSS", hash },
  verifyParams: { name: "RSA-PSS", saltLength },
});

const ecdsa = (crv: string, hash: Hash, signatureLength: number): PublicKeyAlgorithm => ({
  kty: "EC",
  crv,
  importParams: { name: "ECDSA", namedCurve: crv },
  verifyParams: { name: "ECDSA", hash },
  signatureLength,
});

const ed25519: PublicKeyAlgorithm = {
  kty: "OKP",
  crv: "Ed25519",
  importParams: { name: "Ed25519" },
  verifyParams: { name: "Ed25519" },
  signatureLength: 64,
};

export const PUBLIC_KEY_ALGORITHMS = new Map<string, PublicKeyAlgorithm>([
  ["RS256", pkcs1("SHA-256")],
  ["RS384", pkcs1("SHA-384")],
  ["RS512", pkcs1("SHA-512")],
  ["PS256", pss("SHA-256", 32)],
  ["PS384", pss("SHA-384", 48)],
  ["PS512", pss("SHA-512", 64)],
  ["ES256", ecdsa("P-256", "SHA-256", 64)],
  ["ES384", ecdsa("P-384", "SHA-384", 96)],
  ["ES512", ecdsa("P-521", "SHA-512", 132)],
  ["EdDSA", ed25519],
  ["Ed25519", ed25519],
]);

/** HMAC algorithms, keyed with the client secret only, never with a JWKS key (RFC 7518 §3.2). */
export const HMAC_ALGORITHMS = new Map<string, Hash>([
  ["HS256", "SHA-256"],
  ["HS384", "SHA-384"],
  ["HS512", "SHA-512"],
]);
