/**
 * A QR code reader for tests, written apart from the encoder in src/two-factor/ so that the two cannot share a
 * mistake: it knows the symbol only from the published facts (the format and version information tables, block
 * counts, alignment centres, mask conditions), reads the format from both copies, checks every block's
 * Reed–Solomon syndromes (carry-less arithmetic, no tables), and parses the byte-mode segment and its padding.
 */

/** ISO/IEC 18004 Table C.1: the 15-bit format information for each level (by its two bits) and mask. */
const FORMAT_TABLE: Record<string, string[]> = {
  L: ["111011111000100", "111001011110011", "111110110101010", "111100010011101", "110011000101111", "110001100011000", "110110001000001", "110100101110110"],
  M: ["101010000010010", "101000100100101", "101111001111100", "101101101001011", "100010111111001", "100000011001110", "100111110010111", "100101010100000"],
  Q: ["011010101011111", "011000001101000", "011111100110001", "011101000000110", "010010010110100", "010000110000011", "010111011011010", "010101111101101"],
  H: ["001011010001001", "001001110111110", "001110011100111", "001100111010000", "000011101100010", "000001001010101", "000110100001100", "000100000111011"],
};
export const publishedFormatInformation = FORMAT_TABLE;

/** Table D.1: the version information of versions 7 to 10. */
export const publishedVersionInformation: Record<number, number> = { 7: 0x07c94, 8: 0x085bc, 9: 0x09a99, 10: 0x0a4d3 };

/** Table 9 as [blocks, EC codewords per block] for versions 1–10, per level; block lengths follow from the total. */
const BLOCKS: Record<string, [number, number][]> = {
  L: [[1, 7], [1, 10], [1, 15], [1, 20], [1, 26], [2, 18], [2, 20], [2, 24], [2, 30], [4, 18]],
  M: [[1, 10], [1, 16], [1, 26], [2, 18], [2, 24], [4, 16], [4, 18], [4, 22], [5, 22], [5, 26]],
  Q: [[1, 13], [1, 22], [2, 18], [2, 26], [4, 18], [4, 24], [6, 18], [6, 22], [8, 20], [8, 24]],
  H: [[1, 17], [1, 28], [2, 22], [4, 16], [4, 22], [4, 28], [5, 26], [6, 26], [8, 24], [8, 28]],
};

/** Total codewords of versions 1–10 (Table 1). */
const TOTAL_CODEWORDS = [26, 44, 70, 100, 134, 172, 196, 242, 292, 346];

const ALIGNMENT: Record<number, number[]> = {
  2: [6, 18], 3: [6, 22], 4: [6, 26], 5: [6, 30], 6: [6, 34], 7: [6, 22, 38], 8: [6, 24, 42], 9: [6, 26, 46], 10: [6, 28, 50],
};

const MASK_CONDITIONS: ((i: number, j: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

export interface Decoded {
  text: string;
  version: number;
  level: string;
  mask: number;
}

function hamming(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) d++;
  return d;
}

/** Carry-less product modulo x⁸+x⁴+x³+x²+1. */
function gfTimes(a: number, b: number): number {
  let product = 0;
  while (b) {
    if (b & 1) product ^= a;
    b >>= 1;
    a <<= 1;
    if (a & 0x100) a ^= 0x11d;
  }
  return product;
}

/** Whether the codeword polynomial (highest power first) vanishes at α⁰ … α^(ec−1). */
function syndromesVanish(block: number[], ec: number): boolean {
  let root = 1;
  for (let i = 0; i < ec; i++) {
    let value = 0;
    for (const c of block) value = gfTimes(value, root) ^ c;
    if (value !== 0) return false;
    root = gfTimes(root, 2);
  }
  return true;
}

function functionModules(size: number, version: number): boolean[][] {
  const fn = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const mark = (r0: number, c0: number, h: number, w: number) => {
    for (let r = r0; r < r0 + h; r++) for (let c = c0; c < c0 + w; c++) fn[r][c] = true;
  };
  mark(0, 0, 9, 9); // finder, separator, format
  mark(0, size - 8, 9, 8);
  mark(size - 8, 0, 8, 9);
  mark(6, 0, 1, size);
  mark(0, 6, size, 1);
  const centres = ALIGNMENT[version] ?? [];
  for (const r of centres)
    for (const c of centres) if (!((r < 9 && c < 9) || (r < 9 && c > size - 9) || (r > size - 9 && c < 9))) mark(r - 2, c - 2, 5, 5);
  if (version >= 7) {
    mark(0, size - 11, 6, 3);
    mark(size - 11, 0, 3, 6);
  }
  return fn;
}

function readFormat(m: boolean[][]): { level: string; mask: number } {
  const size = m.length;
  const bit = (r: number, c: number) => (m[r][c] ? "1" : "0");
  // Most significant bit first.
  let first = "";
  for (let c = 0; c <= 5; c++) first += bit(8, c);
  first += bit(8, 7) + bit(8, 8) + bit(7, 8);
  for (let r = 5; r >= 0; r--) first += bit(r, 8);
  let second = "";
  for (let r = size - 1; r >= size - 7; r--) second += bit(r, 8);
  for (let c = size - 8; c < size; c++) second += bit(8, c);
  if (first !== second) throw new Error(`format copies differ: ${first} / ${second}`);
  for (const [level, row] of Object.entries(FORMAT_TABLE)) {
    const mask = row.indexOf(first);
    if (mask >= 0) return { level, mask };
  }
  throw new Error(`format ${first} is no published codeword (nearest at ${Math.min(...Object.values(FORMAT_TABLE).flat().map((f) => hamming(f, first)))})`);
}

function readVersion(m: boolean[][]): number {
  const size = m.length;
  const version = (size - 17) / 4;
  if (!Number.isInteger(version) || version < 1 || version > 10) throw new Error(`no version has ${size} modules a side`);
  if (version >= 7) {
    let upper = 0;
    let lower = 0;
    for (let i = 17; i >= 0; i--) {
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      upper = upper * 2 + (m[b][a] ? 1 : 0);
      lower = lower * 2 + (m[a][b] ? 1 : 0);
    }
    if (upper !== publishedVersionInformation[version] || lower !== publishedVersionInformation[version])
      throw new Error(`version information ${upper.toString(16)} / ${lower.toString(16)} for version ${version}`);
  }
  return version;
}

/** Reads a module matrix (true = dark), or throws saying what is wrong with it. */
export function decodeQr(m: boolean[][]): Decoded {
  const size = m.length;
  const version = readVersion(m);
  const { level, mask } = readFormat(m);
  if (!m[size - 8][8]) throw new Error("the dark module is light");
  const fn = functionModules(size, version);
  const bits: number[] = [];
  let column = size - 1;
  let direction = -1;
  let row = size - 1;
  while (column > 0) {
    if (column === 6) column--;
    for (;;) {
      for (const c of [column, column - 1]) {
        if (!fn[row][c]) bits.push((m[row][c] !== MASK_CONDITIONS[mask](row, c) ? 1 : 0));
      }
      if (row + direction < 0 || row + direction >= size) break;
      row += direction;
    }
    direction = -direction;
    column -= 2;
  }
  const total = TOTAL_CODEWORDS[version - 1];
  const codewords: number[] = [];
  for (let i = 0; i < total; i++) codewords.push(bits.slice(i * 8, i * 8 + 8).reduce((v, b) => v * 2 + b, 0));
  const [blockCount, ec] = BLOCKS[level][version - 1];
  const longCount = total % blockCount;
  const shortData = Math.floor(total / blockCount) - ec;
  const blocks: number[][] = Array.from({ length: blockCount }, () => []);
  let k = 0;
  for (let i = 0; i <= shortData; i++)
    for (let b = 0; b < blockCount; b++) if (i < shortData || b >= blockCount - longCount) blocks[b].push(codewords[k++]);
  const data = blocks.flatMap((block) => block.slice());
  for (let i = 0; i < ec; i++) for (const block of blocks) block.push(codewords[k++]);
  for (const [b, block] of blocks.entries()) if (!syndromesVanish(block, ec)) throw new Error(`block ${b} fails its Reed–Solomon check`);

  const stream = data.flatMap((byte) => Array.from({ length: 8 }, (_, i) => (byte >> (7 - i)) & 1));
  let at = 0;
  const take = (n: number) => {
    let v = 0;
    for (let i = 0; i < n; i++) v = v * 2 + stream[at++];
    return v;
  };
  if (take(4) !== 0b0100) throw new Error("not a byte-mode segment");
  const length = take(version <= 9 ? 8 : 16);
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = take(8);
  const end = Math.min(stream.length, at + 4);
  if (stream.slice(at, end).some((b) => b !== 0)) throw new Error("no terminator");
  const padStart = Math.ceil(end / 8);
  for (let i = padStart; i < data.length; i++)
    if (data[i] !== ((i - padStart) % 2 === 0 ? 0xec : 0x11)) throw new Error(`pad byte ${i} is ${data[i]}`);
  return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), version, level, mask };
}

/** The module matrix an SVG from qr-svg.ts draws: its path's runs `M x y h w v1 h-w z`, less the quiet zone of 4. */
export function modulesFromSvg(svg: string): boolean[][] {
  const side = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const size = side - 8;
  const modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  for (const [, x, y, w] of svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g))
    for (let c = 0; c < Number(w); c++) modules[Number(y) - 4][Number(x) - 4 + c] = true;
  return modules;
}
