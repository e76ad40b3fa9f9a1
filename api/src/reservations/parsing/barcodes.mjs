// Barcode reading for the attachment workers (pdfWorker.mjs, imageWorker.mjs): zxing-wasm with
// its WebAssembly read from node_modules, never fetched. Plain JavaScript like the workers.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/** Images larger than this (in pixels) are not decoded: a boarding pass's code is far smaller. */
export const MAX_PIXELS = 4_000_000;
/** The 2-D codes boarding passes and tickets use. */
const FORMATS = ['Aztec', 'PDF417', 'QRCode', 'DataMatrix'];

let ready = null;
function load() {
  if (!ready) {
    const bytes = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    ready = prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  }
  return ready;
}

/** The texts of the codes in an image: encoded PNG/JPEG bytes, or {data (RGBA), width, height}. */
export async function codesIn(image) {
  await load();
  const found = await readBarcodes(image, { formats: FORMATS, tryHarder: true, maxNumberOfSymbols: 4 });
  return found.filter((b) => b.isValid && b.text).map((b) => b.text);
}

/** Width and height from a PNG's or JPEG's header; null for other bytes. */
export function encodedSize(bytes) {
  const b = bytes;
  if (b.length > 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (b.length > 4 && b[0] === 0xff && b[1] === 0xd8) {
    // Walk the JPEG's segments to its frame header (SOF0–SOF15 but DHT, JPG and DAC).
    let at = 2;
    while (at + 9 < b.length) {
      if (b[at] !== 0xff) return null;
      const marker = b[at + 1];
      const length = (b[at + 2] << 8) | b[at + 3];
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: (b[at + 5] << 8) | b[at + 6], width: (b[at + 7] << 8) | b[at + 8] };
      }
      at += 2 + length;
    }
  }
  return null;
}

/**
 * RGBA pixels of an image PDF.js decoded (its `kind`: 1 one bit per pixel, rows padded to bytes;
 * 2 RGB; 3 RGBA); null for anything else.
 */
export function rgbaOf(img) {
  const { width, height, kind, data } = img ?? {};
  if (!width || !height || !data || width * height > MAX_PIXELS) return null;
  const n = width * height;
  if (kind === 3 && data.length >= n * 4) return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, n * 4), width, height };
  const out = new Uint8ClampedArray(n * 4);
  if (kind === 2 && data.length >= n * 3) {
    for (let i = 0; i < n; i++) {
      out[i * 4] = data[i * 3];
      out[i * 4 + 1] = data[i * 3 + 1];
      out[i * 4 + 2] = data[i * 3 + 2];
      out[i * 4 + 3] = 255;
    }
  } else if (kind === 1) {
    const row = Math.ceil(width / 8);
    if (data.length < row * height) return null;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const v = (data[y * row + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255 : 0;
        const i = (y * width + x) * 4;
        out[i] = out[i + 1] = out[i + 2] = v;
        out[i + 3] = 255;
      }
    }
  } else return null;
  return { data: out, width, height };
}
