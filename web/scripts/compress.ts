/**
 * Last build step (see `npm run build:web`): writes a brotli (.br, quality 11) and a gzip
 * (.gz, level 9) copy beside every text file in web/dist (scripts, styles, HTML, SVG, JSON),
 * so the server answers compressed without compressing anything per request. Source maps are
 * left alone (they are not served in production).
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../dist');

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let raw = 0;
let brotli = 0;
let gzip = 0;
for (const file of files(dist)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const body = fs.readFileSync(file);
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  count++;
  raw += body.length;
  brotli += br.length;
  gzip += gz.length;
}
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
console.log(`compressed ${count} files in web/dist: ${kb(raw)} → ${kb(brotli)} brotli, ${kb(gzip)} gzip`);
