import { errorCorrection } from "./qr-reed-solomon.js";

/**
 * The codeword sequence of a QR code holding bytes (ISO/IEC 18004 §7.4 and §7.6): the byte-mode segment, its
 * terminator and padding, cut into the version's blocks, each followed by its Reed–Solomon codewords, and
 * interleaved.
 */

/** Error-correction level: about 7, 15, 25 or 30 % of the codewords can be restored. */
export type QrLevel = "L" | "M" | "Q" | "H";

/** Blocks of one version and level: the error-correction codewords per block, and groups of [blocks, data codewords]. */
interface BlockLayout {
  ecPerBlock: number;
  groups: [count: number, dataCodewords: number][];
}

/** ISO/IEC 18004 Table 9, versions 1 to 10. */
const LAYOUTS: Record<QrLevel, BlockLayout[]> = {
  L: [
    { ecPerBlock: 7, groups: [[1, 19]] },
    { ecPerBlock: 10, groups: [[1, 34]] },
    { ecPerBlock: 15, groups: [[1, 55]] },
    { ecPerBlock: 20, groups: [[1, 80]] },
    { ecPerBlock: 26, groups: [[1, 108]] },
    { ecPerBlock: 18, groups: [[2, 68]] },
    { ecPerBlock: 20, groups: [[2, 78]] },
    { ecPerBlock: 24, groups: [[2, 97]] },
    { ecPerBlock: 30, groups: [[2, 116]] },
    {
      ecPerBlock: 18,
      groups: [
        [2, 68],
        [2, 69],
      ],
    },
  ],
  M: [
    { ecPerBlock: 10, groups: [[1, 16]] },
    { ecPerBlock: 16, groups: [[1, 28]] },
    { ecPerBlock: 26, groups: [[1, 44]] },
    { ecPerBlock: 18, groups: [[2, 32]] },
    { ecPerBlock: 24, groups: [[2, 43]] },
    { ecPerBlock: 16, groups: [[4, 27]] },
    { ecPerBlock: 18, groups: [[4, 31]] },
    {
      ecPerBlock: 22,
      groups: [
        [2, 38],
        [2, 39],
      ],
    },
    {
      ecPerBlock: 22,
      groups: [
        [3, 36],
        [2, 37],
      ],
    },
    {
      ecPerBlock: 26,
      groups: [
        [4, 43],
        [1, 44],
      ],
    },
  ],
  Q: [
    { ecPerBlock: 13, groups: [[1, 13]] },
    { ecPerBlock: 22, groups: [[1, 22]] },
    { ecPerBlock: 18, groups: [[2, 17]] },
    { ecPerBlock: 26, groups: [[2, 24]] },
    {
      ecPerBlock: 18,
      groups: [
        [2, 15],
        [2, 16],
      ],
    },
    { ecPerBlock: 24, groups: [[4, 19]] },
    {
      ecPerBlock: 18,
      groups: [
        [2, 14],
        [4, 15],
      ],
    },
    {
      ecPerBlock: 22,
      groups: [
        [4, 18],
        [2, 19],
      ],
    },
    {
      ecPerBlock: 20,
      groups: [
        [4, 16],
        [4, 17],
      ],
    },
    {
      ecPerBlock: 24,
      groups: [
        [6, 19],
        [2, 20],
      ],
    },
  ],
  H: [
    { ecPerBlock: 17, groups: [[1, 9]] },
    { ecPerBlock: 28, groups: [[1, 16]] },
    { ecPerBlock: 22, groups: [[2, 13]] },
    { ecPerBlock: 16, groups: [[4, 9]] },
    {
      ecPerBlock: 22,
      groups: [
        [2, 11],
        [2, 12],
      ],
    },
    { ecPerBlock: 28, groups: [[4, 15]] },
    {
      ecPerBlock: 26,
      groups: [
        [4, 13],
        [1, 14],
      ],
    },
    {
      ecPerBlock: 26,
      groups: [
        [4, 14],
        [2, 15],
      ],
    },
    {
      ecPerBlock: 24,
      groups: [
        [4, 12],
        [4, 13],
      ],
    },
    {
      ecPerBlock: 28,
      groups: [
        [6, 15],
        [2, 16],
      ],
    },
  ],
};

export const MAX_VERSION = 10;

const BYTE_MODE = 0b0100;
const PAD_BYTES = [0xec, 0x11];

function dataCapacity(layout: BlockLayout): number {
  return layout.groups.reduce((sum, [count, size]) => sum + count * size, 0);
}

/** Bits of the character count in byte mode: 8 up to version 9, 16 from version 10 (Table 3). */
function countBits(version: number): number {
  return version <= 9 ? 8 : 16;
}

/** The smallest version whose data codewords hold the segment; null when even version 10 is too small. */
export function versionFor(byteLength: number, level: QrLevel): number | null {
  for (let version = 1; version <= MAX_VERSION; version++) {
    const bits = 4 + countBits(version) + 8 * byteLength;
    if (bits <= 8 * dataCapacity(LAYOUTS[level][version - 1])) return version;
  }
  return null;
}

/** The data codewords: mode, count, the bytes, a terminator of up to 4 zero bits, zeros to a byte, then pad bytes. */
function dataCodewords(bytes: Uint8Array, version: number, capacity: number): Uint8Array {
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(BYTE_MODE, 4);
  put(bytes.length, countBits(version));
  for (const byte of bytes) put(byte, 8);
  put(0, Math.min(4, capacity * 8 - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  const out = new Uint8Array(capacity);
  for (let i = 0; i < bits.length; i++) out[i >> 3] |= bits[i] << (7 - (i & 7));
  for (let i = bits.length / 8, pad = 0; i < capacity; i++, pad ^= 1) out[i] = PAD_BYTES[pad];
  return out;
}

/** The final sequence (§7.6): data codewords taken across the blocks one position at a time, then the EC codewords likewise. */
export function codewords(bytes: Uint8Array, version: number, level: QrLevel): Uint8Array {
  const layout = LAYOUTS[level][version - 1];
  const data = dataCodewords(bytes, version, dataCapacity(layout));
  const blocks: { data: Uint8Array; ec: Uint8Array }[] = [];
  let offset = 0;
  for (const [count, size] of layout.groups) {
    for (let i = 0; i < count; i++, offset += size) {
      const block = data.subarray(offset, offset + size);
      blocks.push({ data: block, ec: errorCorrection(block, layout.ecPerBlock) });
    }
  }
  const out: number[] = [];
  const longest = Math.max(...blocks.map((block) => block.data.length));
  for (let i = 0; i < longest; i++) for (const block of blocks) if (i < block.data.length) out.push(block.data[i]);
  for (let i = 0; i < layout.ecPerBlock; i++) for (const block of blocks) out.push(block.ec[i]);
  return new Uint8Array(out);
}
