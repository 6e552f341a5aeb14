/**
 * Argon2d, Argon2i and Argon2id (RFC 9106), versions 0x13 and 0x10, in plain TypeScript for Node and workerd
 * alike: what verifies the argon2 hashes an app imports. Lanes are filled one after another, not in threads.
 */
import { BLOCK_WORDS, type BlockWork, blockWork, compress, mulHigh } from "./argon2-block.js";
import { blake2b, blake2bLong } from "./blake2b.js";

export type Argon2Type = "argon2d" | "argon2i" | "argon2id";

export interface Argon2Params {
  type: Argon2Type;
  /** 0x13 (19, the current one) or 0x10 (16), which overwrites blocks in later passes instead of XOR-ing them. */
  version: 0x10 | 0x13;
  /** Memory in KiB (1 KiB blocks), at least 8 per lane. */
  memory: number;
  passes: number;
  lanes: number;
}

export interface Argon2Input {
  password: Uint8Array;
  salt: Uint8Array;
  /** K and X of RFC 9106: a PHC string carries neither, its test vectors both. */
  secret?: Uint8Array;
  associatedData?: Uint8Array;
  /** Bytes of tag, at least 4. */
  tagLength: number;
}

const typeNumber: Record<Argon2Type, number> = { argon2d: 0, argon2i: 1, argon2id: 2 };
const ADDRESSES_PER_BLOCK = 128;

function littleEndian(...parts: (number | Uint8Array)[]): Uint8Array {
  const length = parts.reduce<number>((sum, part) => sum + (typeof part === "number" ? 4 : part.length), 0);
  const out = new Uint8Array(length);
  const view = new DataView(out.buffer);
  let at = 0;
  for (const part of parts) {
    if (typeof part === "number") view.setUint32(at, part, true);
    else out.set(part, at);
    at += typeof part === "number" ? 4 : part.length;
  }
  return out;
}

const withLength = (bytes: Uint8Array = new Uint8Array(0)) => [bytes.length, bytes] as const;

interface Run {
  params: Argon2Params;
  memory: Uint32Array;
  laneLength: number;
  segmentLength: number;
  work: BlockWork;
}

/** The column that block `index` of a segment refers to, from J1 (RFC 9106, section 3.4.2). */
function referenceColumn(run: Run, pass: number, slice: number, index: number, sameLane: boolean, j1: number): number {
  const { laneLength, segmentLength } = run;
  const finished = pass === 0 ? slice * segmentLength : laneLength - segmentLength;
  const area = sameLane ? finished + index - 1 : finished - (index === 0 ? 1 : 0);
  const relative = area - 1 - mulHigh(area, mulHigh(j1, j1));
  const start = pass === 0 || slice === 3 ? 0 : (slice + 1) * segmentLength;
  return (start + relative) % laneLength;
}

/** Fills one segment of one lane; Argon2i and the first half of Argon2id's first pass take J1, J2 from address blocks. */
function fillSegment(run: Run, pass: number, slice: number, lane: number): void {
  const { params, memory, laneLength, segmentLength, work } = run;
  const independent = params.type === "argon2i" || (params.type === "argon2id" && pass === 0 && slice < 2);
  const zero = new Uint32Array(BLOCK_WORDS);
  const input = new Uint32Array(BLOCK_WORDS);
  const addresses = new Uint32Array(BLOCK_WORDS);
  [pass, lane, slice, memory.length / BLOCK_WORDS, params.passes, typeNumber[params.type]].forEach((value, i) => {
    input[2 * i] = value;
  });
  const nextAddresses = () => {
    input[12]++;
    compress(zero, 0, input, 0, addresses, 0, false, work);
    compress(zero, 0, addresses, 0, addresses, 0, false, work);
  };
  const first = pass === 0 && slice === 0 ? 2 : 0;
  if (independent && first === 2) nextAddresses();
  for (let index = first; index < segmentLength; index++) {
    const column = slice * segmentLength + index;
    const current = (lane * laneLength + column) * BLOCK_WORDS;
    const previous = (lane * laneLength + (column === 0 ? laneLength - 1 : column - 1)) * BLOCK_WORDS;
    if (independent && index % ADDRESSES_PER_BLOCK === 0) nextAddresses();
    const at = 2 * (index % ADDRESSES_PER_BLOCK);
    const j1 = independent ? addresses[at] : memory[previous];
    const j2 = independent ? addresses[at + 1] : memory[previous + 1];
    const referenceLane = pass === 0 && slice === 0 ? lane : j2 % params.lanes;
    const reference = referenceLane * laneLength + referenceColumn(run, pass, slice, index, referenceLane === lane, j1);
    compress(memory, previous, memory, reference * BLOCK_WORDS, memory, current, params.version === 0x13 && pass > 0, work);
  }
}

function wordsOf(bytes: Uint8Array, into: Uint32Array, at: number): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < BLOCK_WORDS; i++) into[at + i] = view.getUint32(i * 4, true);
}

// a Node server keeps answering other requests while a hash runs: it yields between slices
const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The Argon2 tag of `input` under `params`. */
export async function argon2(params: Argon2Params, input: Argon2Input): Promise<Uint8Array> {
  const { type, version, passes, lanes, memory } = params;
  if (memory < 8 * lanes || passes < 1 || lanes < 1 || input.tagLength < 4)
    throw new RangeError("Argon2 parameters out of range.");
  const h0 = blake2b(
    littleEndian(
      lanes,
      input.tagLength,
      memory,
      passes,
      version,
      typeNumber[type],
      ...withLength(input.password),
      ...withLength(input.salt),
      ...withLength(input.secret),
      ...withLength(input.associatedData),
    ),
  );
  const laneLength = 4 * Math.floor(memory / (4 * lanes));
  const run: Run = {
    params,
    memory: new Uint32Array(lanes * laneLength * BLOCK_WORDS),
    laneLength,
    segmentLength: laneLength / 4,
    work: blockWork(),
  };
  for (let lane = 0; lane < lanes; lane++)
    for (const column of [0, 1])
      wordsOf(blake2bLong(littleEndian(h0, column, lane), 1024), run.memory, (lane * laneLength + column) * BLOCK_WORDS);
  for (let pass = 0; pass < passes; pass++)
    for (let slice = 0; slice < 4; slice++) {
      for (let lane = 0; lane < lanes; lane++) fillSegment(run, pass, slice, lane);
      await yieldToEventLoop();
    }
  const last = new Uint32Array(BLOCK_WORDS);
  for (let lane = 0; lane < lanes; lane++)
    for (let i = 0; i < BLOCK_WORDS; i++) last[i] ^= run.memory[((lane + 1) * laneLength - 1) * BLOCK_WORDS + i];
  const bytes = new Uint8Array(1024);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < BLOCK_WORDS; i++) view.setUint32(i * 4, last[i], true);
  return blake2bLong(bytes, input.tagLength);
}
