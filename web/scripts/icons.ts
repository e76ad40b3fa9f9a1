/**
 * Writes the app's install icons (web/public/icons, committed) from the favicon, for the web
 * app manifest (web/vite.config.ts): 192 and 512 px "any" icons, the logo as it is, and a 512 px
 * "maskable" one, the logo at 70 % on a full-bleed square of its own teal so that any mask a
 * platform cuts (circle, squircle) stays inside the safe zone (the central 80 %). Run it again
 * after changing web/public/favicon.svg: `npx tsx web/scripts/icons.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const webDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const svg = fs.readFileSync(path.join(webDir, 'public/favicon.svg'));
const out = path.join(webDir, 'public/icons');
/** The favicon's own background (its rounded square's fill). */
const BACKGROUND = '#0c8599';

fs.mkdirSync(out, { recursive: true });
const render = (size: number) =>
  sharp(svg, { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png();

for (const size of [192, 512]) await render(size).toFile(path.join(out, `icon-${size}.png`));
const inner = Math.round(512 * 0.7);
await sharp({ create: { width: 512, height: 512, channels: 4, background: BACKGROUND } })
  .composite([{ input: await render(inner).toBuffer(), gravity: 'centre' }])
  .png()
  .toFile(path.join(out, 'maskable-512.png'));
await render(180).flatten({ background: BACKGROUND }).toFile(path.join(out, 'apple-touch-icon.png'));
console.log(`icons written to ${path.relative(process.cwd(), out)}`);
