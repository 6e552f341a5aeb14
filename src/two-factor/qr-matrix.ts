import { codewords, MAX_VERSION, versionFor, type QrLevel } from "./qr-codewords.js";

/**
 * The module matrix of a QR code (ISO/IEC 18004 §7.7 to §7.10): finder, timing and alignment patterns, the
 * codewords placed in the two-column zigzag, the data mask of least penalty, and the format and version
 * information with their BCH codes.
 */

export type { QrLevel };

export interface QrMatrix {
  version: number;
  level: QrLevel;
  /** The data mask applied, 0 to 7. */
  mask: number;
  /** Modules per side: 17 + 4 × version. */
  size: number;
  /** `modules[row][column]`: true for a dark module. */
  modules: boolean[][];
}

/** The two bits the format information gives each level (Table 12). */
const LEVEL_BITS: Record<QrLevel, number> = { L: 0b01, M: 0b00, Q: 0b11, H: 0b10 };
const FORMAT_GENERATOR = 0x537;
const FORMAT_XOR = 0x5412;
const VERSION_GENERATOR = 0x1f25;

/** Centres of the alignment patterns along each axis (Annex E), versions 2 to 10. */
const ALIGNMENT_CENTRES: number[][] = [
  [],
  [6, 18],
  [6, 22],
  [6, 26],
  [6, 30],
  [6, 34],
  [6, 22, 38],
  [6, 24, 42],
  [6, 26, 46],
  [6, 28, 50],
];

/** The mask conditions (Table 10): where one holds, the module is inverted. */
const MASKS: ((row: number, column: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i + j) % 2) + ((i * j) % 3)) % 2 === 0,
];

/** `value` followed by the remainder of value·x^(generator degree) divided by `generator`, over GF(2). */
function bchCode(value: number, generator: number): number {
  const degree = 31 - Math.clz32(generator);
  let remainder = value << degree;
  for (let bit = 31 - Math.clz32(remainder); bit >= degree; bit--)
    if (remainder & (1 << bit)) remainder ^= generator << (bit - degree);
  return (value << degree) | remainder;
}

/** The 15 format bits (§7.9.1): level and mask, BCH(15,5), masked so that they are never all light. */
export function formatBits(level: QrLevel, mask: number): number {
  return bchCode((LEVEL_BITS[level] << 3) | mask, FORMAT_GENERATOR) ^ FORMAT_XOR;
}

/** The 18 version bits (§7.10), from version 7: the version number and its BCH(18,6) code. */
export function versionBits(version: number): number {
  return bchCode(version, VERSION_GENERATOR);
}

interface Grid {
  size: number;
  dark: boolean[][];
  /** Modules of the function patterns and the format and version areas: no data goes there, no mask touches them. */
  reserved: boolean[][];
}

function grid(size: number): Grid {
  const rows = () => Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  return { size, dark: rows(), reserved: rows() };
}

function setFunction(g: Grid, row: number, column: number, dark: boolean): void {
  g.dark[row][column] = dark;
  g.reserved[row][column] = true;
}

/** A finder pattern (7×7 rings) with its light separator, centred at (row, column); parts outside the symbol are cut. */
function drawFinder(g: Grid, row: number, column: number): void {
  for (let dr = -4; dr <= 4; dr++) {
    for (let dc = -4; dc <= 4; dc++) {
      const r = row + dr;
      const c = column + dc;
      if (r < 0 || r >= g.size || c < 0 || c >= g.size) continue;
      const ring = Math.max(Math.abs(dr), Math.abs(dc));
      setFunction(g, r, c, ring !== 2 && ring !== 4);
    }
  }
}

function drawAlignment(g: Grid, row: number, column: number): void {
  for (let dr = -2; dr <= 2; dr++)
    for (let dc = -2; dc <= 2; dc++) setFunction(g, row + dr, column + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
}

function drawFormat(g: Grid, bits: number): void {
  const bit = (i: number) => ((bits >>> i) & 1) === 1;
  const last = g.size - 1;
  // Around the top-left finder: bits 0–7 down column 8 (skipping the timing row), bits 8–14 leftwards along row 8.
  for (let i = 0; i <= 5; i++) setFunction(g, i, 8, bit(i));
  setFunction(g, 7, 8, bit(6));
  setFunction(g, 8, 8, bit(7));
  setFunction(g, 8, 7, bit(8));
  for (let i = 9; i < 15; i++) setFunction(g, 8, 14 - i, bit(i));
  // The copy: bits 0–7 along row 8 from the right edge, bits 8–14 down column 8 to the bottom edge.
  for (let i = 0; i < 8; i++) setFunction(g, 8, last - i, bit(i));
  for (let i = 8; i < 15; i++) setFunction(g, g.size - 15 + i, 8, bit(i));
  setFunction(g, g.size - 8, 8, true);
}

function drawVersion(g: Grid, version: number): void {
  if (version < 7) return;
  const bits = versionBits(version);
  for (let i = 0; i < 18; i++) {
    const dark = ((bits >>> i) & 1) === 1;
    const a = g.size - 11 + (i % 3);
    const b = Math.floor(i / 3);
    setFunction(g, b, a, dark);
    setFunction(g, a, b, dark);
  }
}

function drawFunctionPatterns(g: Grid, version: number): void {
  for (let i = 0; i < g.size; i++) {
    setFunction(g, 6, i, i % 2 === 0);
    setFunction(g, i, 6, i % 2 === 0);
  }
  const far = g.size - 4;
  drawFinder(g, 3, 3);
  drawFinder(g, 3, far);
  drawFinder(g, far, 3);
  const centres = ALIGNMENT_CENTRES[version - 1];
  const lastCentre = centres.length - 1;
  for (const [i, row] of centres.entries()) {
    for (const [j, column] of centres.entries()) {
      const onFinder = (i === 0 && j === 0) || (i === 0 && j === lastCentre) || (i === lastCentre && j === 0);
      if (!onFinder) drawAlignment(g, row, column);
    }
  }
  // Reserved now, written once the mask is chosen.
  drawFormat(g, 0);
  drawVersion(g, version);
}

/** The codewords' bits, most significant first, up and down two-column strips from the right, skipping the timing column. */
function placeData(g: Grid, data: Uint8Array): void {
  let index = 0;
  const total = data.length * 8;
  let upward = true;
  for (let right = g.size - 1; right >= 1; right -= 2, upward = !upward) {
    if (right === 6) right = 5;
    for (let step = 0; step < g.size; step++) {
      const row = upward ? g.size - 1 - step : step;
      for (const column of [right, right - 1]) {
        if (g.reserved[row][column]) continue;
        // Remainder bits after the last codeword stay light.
        g.dark[row][column] = index < total && ((data[index >> 3] >>> (7 - (index & 7))) & 1) === 1;
        index++;
      }
    }
  }
}

function applyMask(g: Grid, mask: number): void {
  const condition = MASKS[mask];
  for (let r = 0; r < g.size; r++)
    for (let c = 0; c < g.size; c++) if (!g.reserved[r][c] && condition(r, c)) g.dark[r][c] = !g.dark[r][c];
}

const FINDER_LIKE = [true, false, true, true, true, false, true];

/** Penalty points of runs of five or more like modules in a line, and of finder-like 1:1:3:1:1 patterns in it. */
function linePenalty(line: boolean[]): number {
  let points = 0;
  let run = 1;
  for (let i = 1; i <= line.length; i++) {
    if (i < line.length && line[i] === line[i - 1]) run++;
    else {
      if (run >= 5) points += 3 + (run - 5);
      run = 1;
    }
  }
  // Past the edge is the light quiet zone.
  const lightFrom = (start: number) => {
    for (let k = start; k < start + 4; k++) if (k >= 0 && k < line.length && line[k]) return false;
    return true;
  };
  for (let i = 0; i + FINDER_LIKE.length <= line.length; i++) {
    if (!FINDER_LIKE.every((dark, k) => line[i + k] === dark)) continue;
    if (lightFrom(i - 4)) points += 40;
    if (lightFrom(i + FINDER_LIKE.length)) points += 40;
  }
  return points;
}

/** The penalty score of §7.8.3: lines, 2×2 blocks, finder-like patterns and the balance of dark and light. */
function penalty(g: Grid): number {
  let points = 0;
  let darkCount = 0;
  const columns = g.dark.map((_, c) => g.dark.map((row) => row[c]));
  for (let r = 0; r < g.size; r++) {
    points += linePenalty(g.dark[r]);
    points += linePenalty(columns[r]);
    for (let c = 0; c < g.size; c++) {
      if (g.dark[r][c]) darkCount++;
      const here = g.dark[r][c];
      if (
        r + 1 < g.size &&
        c + 1 < g.size &&
        here === g.dark[r][c + 1] &&
        here === g.dark[r + 1][c] &&
        here === g.dark[r + 1][c + 1]
      )
        points += 3;
    }
  }
  const percent = (darkCount * 100) / (g.size * g.size);
  return points + 10 * Math.floor(Math.abs(percent - 50) / 5);
}

/** The QR code of `text` (UTF-8, byte mode) at `level`, in the smallest version from 1 to 10 that holds it. */
export function qrMatrix(text: string, level: QrLevel = "M"): QrMatrix {
  const bytes = new TextEncoder().encode(text);
  const version = versionFor(bytes.length, level);
  if (version === null)
    throw new RangeError(`${bytes.length} bytes do not fit a version ${MAX_VERSION} QR code at level ${level}.`);
  const size = 17 + 4 * version;
  const data = codewords(bytes, version, level);
  const unmasked = grid(size);
  drawFunctionPatterns(unmasked, version);
  placeData(unmasked, data);
  let best: { mask: number; grid: Grid; score: number } | undefined;
  for (let mask = 0; mask < MASKS.length; mask++) {
    const g = { ...unmasked, dark: unmasked.dark.map((row) => [...row]) };
    applyMask(g, mask);
    drawFormat(g, formatBits(level, mask));
    const score = penalty(g);
    if (!best || score < best.score) best = { mask, grid: g, score };
  }
  const chosen = best as { mask: number; grid: Grid };
  return { version, level, mask: chosen.mask, size, modules: chosen.grid.dark };
}
