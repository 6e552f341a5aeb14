/**
 * The hexadecimal digits of π's fractional part, as the 32-bit words Blowfish starts from (its P-array, then its
 * four S-boxes): computed with Machin's formula, π = 16·atan(1/5) − 4·atan(1/239), in BigInt fixed point, rather
 * than shipped as a 4 KB table.
 */

/** atan(1/x), scaled by 2^bits. */
function arctanInverse(x: bigint, bits: bigint): bigint {
  const one = 1n << bits;
  const x2 = x * x;
  let power = one / x;
  let sum = power;
  for (let n = 3n, sign = -1n; power !== 0n; n += 2n, sign = -sign) {
    power /= x2;
    sum += (sign * power) / n;
  }
  return sum;
}

/** The first `count` 32-bit words of π's fractional part. */
export function piWords(count: number): Uint32Array {
  const guard = 64n;
  const bits = BigInt(count * 32) + guard;
  const pi = 16n * arctanInverse(5n, bits) - 4n * arctanInverse(239n, bits);
  let fraction = (pi & ((1n << bits) - 1n)) >> guard;
  const words = new Uint32Array(count);
  for (let i = count - 1; i >= 0; i--) {
    words[i] = Number(fraction & 0xffffffffn);
    fraction >>= 32n;
  }
  return words;
}
