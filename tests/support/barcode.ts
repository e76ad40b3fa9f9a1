import fs from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import type { GreyImage } from './pdf.js';

/** Test barcodes made with zxing-wasm's writer (its wasm read from node_modules, never fetched). */
let ready: Promise<unknown> | null = null;
function load() {
  if (!ready) {
    const bytes = fs.readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'));
    const wasmBinary = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    ready = prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true }) as Promise<unknown>;
  }
  return ready;
}

/** An Aztec code of `text` as a PNG file, and as grey pixels (4 pixels a module, a quiet margin). */
export async function aztec(text: string): Promise<{ png: Uint8Array; grey: GreyImage }> {
  await load();
  const result = await writeBarcode(text, { format: 'Aztec', scale: 4 });
  if (!result.image) throw new Error(result.error);
  const png = new Uint8Array(await result.image.arrayBuffer());
  const { data, width, height } = result.symbol;
  const [scale, margin] = [4, 16];
  const side = { width: width * scale + 2 * margin, height: height * scale + 2 * margin };
  const grey = new Uint8Array(side.width * side.height).fill(255);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (data[y * width + x]! < 128)
        for (let dy = 0; dy < scale; dy++)
          grey.fill(0, (margin + y * scale + dy) * side.width + margin + x * scale, (margin + y * scale + dy) * side.width + margin + (x + 1) * scale);
  return { png, grey: { data: grey, ...side } };
}
