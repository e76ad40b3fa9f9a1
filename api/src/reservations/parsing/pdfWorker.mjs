// Runs in a worker thread of its own (see pdf.ts). PDF.js's Node build installs polyfills that
// replace JSON.parse, JSON.stringify and Array.prototype.push with slower JavaScript versions for
// the whole thread; loaded in the server's main thread, they doubled the CPU cost of every JSON
// answer. Here they touch only this short-lived thread. Plain JavaScript, so the thread starts
// under any loader (tsx, vitest, plain node).
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Pages read at most from one attachment: tickets and invoices are a page or two. */
const MAX_PAGES = 5;

async function text(data) {
  const task = getDocument({ data, isEvalSupported: false, useSystemFonts: false, disableFontFace: true, stopAtErrors: true, verbosity: 0 });
  const doc = await task.promise;
  const lines = [];
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
    }
  } finally {
    await task.destroy();
  }
  return lines.join('\n');
}

text(workerData).then(
  (result) => parentPort.postMessage(result),
  // A PDF it cannot read gives no text, not an error.
  () => parentPort.postMessage(''),
);
