// Reads the barcodes of one image attachment (PNG or JPEG) in a thread of its own (see pdf.ts):
// the decoder's memory goes with the thread, and a slow image can be given up on.
import { parentPort, workerData } from 'node:worker_threads';
import { codesIn, encodedSize, MAX_PIXELS } from './barcodes.mjs';

async function read(bytes) {
  const size = encodedSize(bytes);
  // Only images whose header says how large they are, and not too large, are decoded.
  if (!size || !size.width || !size.height || size.width * size.height > MAX_PIXELS) return [];
  return codesIn(bytes);
}

read(workerData).then(
  (codes) => parentPort.postMessage({ text: '', codes }),
  () => parentPort.postMessage({ text: '', codes: [] }),
);
