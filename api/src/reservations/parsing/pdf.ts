import { Worker } from 'node:worker_threads';

/** How long one attachment may take before it is given up on (a hostile PDF can spin). */
const ATTACHMENT_TIMEOUT_MS = 10_000;

/** What an attachment holds for the readers: its text and the texts of its barcodes. */
export interface AttachmentReading {
  text: string;
  codes: string[];
}

const NOTHING: AttachmentReading = { text: '', codes: [] };

const isReading = (v: unknown): v is AttachmentReading =>
  typeof v === 'object' && v !== null && typeof (v as AttachmentReading).text === 'string' && Array.isArray((v as AttachmentReading).codes);

/**
 * Runs one attachment worker on a copy of the bytes; an attachment it cannot read, or that takes
 * too long, gives nothing, not an error.
 *
 * PDF.js runs in a worker thread started for the attachment: its Node build rewrites global
 * built-ins (JSON, Array.prototype.push) for the thread that loads it, which must never be the
 * thread serving requests (pdfWorker.mjs says more). The barcode decoder's WebAssembly memory
 * likewise goes with its thread. Attachments are rare; a thread's start-up is cheap beside
 * reading an e-mail.
 */
function runWorker(file: string, workerData: unknown): Promise<AttachmentReading> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      // The workers are plain JavaScript and need no loader of their own.
      worker = new Worker(new URL(file, import.meta.url), { workerData, execArgv: [] });
    } catch {
      resolve(NOTHING);
      return;
    }
    const timer = setTimeout(() => void worker.terminate(), ATTACHMENT_TIMEOUT_MS);
    const done = (reading: AttachmentReading) => {
      clearTimeout(timer);
      resolve(reading);
    };
    worker.once('message', (reading: unknown) => {
      done(isReading(reading) ? { text: reading.text, codes: reading.codes.filter((c) => typeof c === 'string') } : NOTHING);
      void worker.terminate();
    });
    worker.once('error', () => done(NOTHING));
    worker.once('exit', () => done(NOTHING));
  });
}

/** A PDF attachment (e-tickets, boarding passes, vouchers): its text line by line, with Mozilla's PDF.js (no fonts or workers fetched, no scripts run), and the barcodes in its images. */
export const readPdf = (data: Uint8Array): Promise<AttachmentReading> => runWorker('./pdfWorker.mjs', { data: new Uint8Array(data) });

/** The text of a PDF attachment. */
export const pdfText = async (data: Uint8Array): Promise<string> => (await readPdf(data)).text;

/** The barcodes in a PNG or JPEG attachment (a boarding pass sent as a picture). */
export const imageCodes = async (data: Uint8Array): Promise<string[]> => (await runWorker('./imageWorker.mjs', new Uint8Array(data))).codes;
