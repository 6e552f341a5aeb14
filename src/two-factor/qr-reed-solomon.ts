/**
 * Reed–Solomon error correction as QR codes use it (ISO/IEC 18004 §7.5.2): arithmetic in GF(256) reduced by the
 * polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11d), and a generator polynomial whose roots are α⁰ … α^(n−1), α = 2.
 */

const FIELD_POLYNOMIAL = 0x11d;

/** α^i for i in 0..509 (doubled so that a sum of two logarithms needs no reduction), and log_α of 1..255. */
const { exp, log } = (() => {
  const exp = new Uint8Array(510);
  const log = new Uint8Array(256);
  let value = 1;
  for (let i = 0; i < 255; i++) {
    exp[i] = exp[i + 255] = value;
    log[value] = i;
    value <<= 1;
    if (value & 0x100) value ^= FIELD_POLYNOMIAL;
  }
  return { exp, log };
})();

/** The product of two field elements. */
function gfMultiply(a: number, b: number): number {
  return a === 0 || b === 0 ? 0 : exp[log[a] + log[b]];
}

/**
 * The generator polynomial of `degree` error-correction codewords: (x − α⁰)(x − α¹)…(x − α^(degree−1)), its
 * coefficients from the highest power down, the leading 1 included.
 */
export function generatorPolynomial(degree: number): Uint8Array {
  let poly = new Uint8Array([1]);
  for (let i = 0; i < degree; i++) {
    const next = new Uint8Array(poly.length + 1);
    for (let j = 0; j < poly.length; j++) {
      next[j] ^= poly[j];
      next[j + 1] ^= gfMultiply(poly[j], exp[i]);
    }
    poly = next;
  }
  return poly;
}

/** The `degree` error-correction codewords of a block: the remainder of data·x^degree divided by the generator. */
export function errorCorrection(data: Uint8Array, degree: number): Uint8Array {
  const generator = generatorPolynomial(degree);
  const remainder = new Uint8Array(degree);
  for (const byte of data) {
    const factor = byte ^ remainder[0];
    remainder.copyWithin(0, 1);
    remainder[degree - 1] = 0;
    for (let j = 0; j < degree; j++) remainder[j] ^= gfMultiply(generator[j + 1], factor);
  }
  return remainder;
}
