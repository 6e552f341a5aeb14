/**
 * Reading a QR code off a screenshot: a small PNG decoder (8-bit RGB or RGBA, not interlaced, as Chromium writes
 * them) and a sampler that tries each module count a version 1–10 symbol with its quiet zone of four can have,
 * keeping the one the reader in ./qr-decoder.ts accepts.
 */
import { inflateSync } from "node:zlib";
import { decodeQr, type Decoded } from "./qr-decoder.js";

interface Image {
  width: number;
  height: number;
  /** Luminance 0–255 per pixel, row by row. */
  gray: Uint8Array;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

export function readPng(png: Buffer): Image {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error("not a PNG");
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[12] !== 0) throw new Error("only 8-bit, non-interlaced PNGs");
      channels = { 2: 3, 6: 4 }[body[9]] ?? 0;
      if (!channels) throw new Error(`colour type ${body[9]}`);
    }
    if (type === "IDAT") data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const byte = raw[y * (stride + 1) + 1 + x];
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
      pixels[y * stride + x] = (byte + predictor) & 0xff;
    }
  }
  const gray = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++)
    gray[i] = Math.round(0.299 * pixels[i * channels] + 0.587 * pixels[i * channels + 1] + 0.114 * pixels[i * channels + 2]);
  return { width, height, gray };
}

/** The code in a screenshot of the whole symbol, quiet zone included; throws when no module count reads. */
export function decodeScreenshot(png: Buffer): Decoded {
  const { width, height, gray } = readPng(png);
  const failures: string[] = [];
  for (let version = 1; version <= 10; version++) {
    const size = 17 + 4 * version;
    const side = size + 8;
    const modules = Array.from({ length: size }, (_, r) =>
      Array.from({ length: size }, (_, c) => {
        const x = Math.floor(((c + 4.5) * width) / side);
        const y = Math.floor(((r + 4.5) * height) / side);
        return gray[y * width + x] < 128;
      }),
    );
    try {
      return decodeQr(modules);
    } catch (error) {
      failures.push(`v${version}: ${(error as Error).message}`);
    }
  }
  throw new Error(`no QR code read: ${failures.join("; ")}`);
}
