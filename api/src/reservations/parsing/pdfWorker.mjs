// Runs in a worker thread of its own (see pdf.ts). PDF.js's Node build installs polyfills that
// replace JSON.parse, JSON.stringify and Array.prototype.push with slower JavaScript versions for
// the whole thread; loaded in the server's main thread, they doubled the CPU cost of every JSON
// answer. Here they touch only this short-lived thread. Plain JavaScript, so the thread starts
// under any loader (tsx, vitest, plain node).
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { codesIn, rgbaOf } from './barcodes.mjs';

/** Pages read at most from one attachment: tickets and invoices are a page or two. */
const MAX_PAGES = 5;
/** Images looked at for barcodes in one attachment, and the smallest side worth a look. */
const MAX_IMAGES = 6;
const MIN_SIDE = 21;

/** The page's image XObjects, decoded by PDF.js (it resolves each name once the page is drawn). */
async function imagesOf(page) {
  const ops = await page.getOperatorList();
  const names = new Set();
  ops.fnArray.forEach((fn, i) => {
    if (fn === OPS.paintImageXObject) names.add(ops.argsArray[i][0]);
  });
  const images = [];
  for (const name of names) {
    const img = await new Promise((resolve) => {
      try {
        page.objs.get(name, resolve);
      } catch {
        resolve(null);
      }
    });
    if (img && img.width >= MIN_SIDE && img.height >= MIN_SIDE) images.push(img);
  }
  return images;
}

async function read({ data }) {
  const task = getDocument({ data, isEvalSupported: false, useSystemFonts: false, disableFontFace: true, stopAtErrors: true, verbosity: 0 });
  const doc = await task.promise;
  const lines = [];
  const codes = [];
  let looked = 0;
  try {
    for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES); n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        }
      }
      if (line) lines.push(line);
      if (looked >= MAX_IMAGES) continue;
      for (const img of await imagesOf(page)) {
        if (looked++ >= MAX_IMAGES) break;
        const pixels = rgbaOf(img);
        if (pixels) codes.push(...(await codesIn(pixels).catch(() => [])));
      }
    }
  } finally {
    await task.destroy();
  }
  return { text: lines.join('\n'), codes };
}

read(workerData).then(
  (result) => parentPort.postMessage(result),
  // A PDF it cannot read gives nothing, not an error.
  () => parentPort.postMessage({ text: '', codes: [] }),
);
