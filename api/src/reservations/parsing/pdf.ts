import { Worker } from 'node:worker_threads';

/** How long one attachment may take before it is given up on (a hostile PDF can spin). */
const PDF_TIMEOUT_MS = 10_000;

/**
 * The text of a PDF attachment (e-tickets, vouchers), line by line, with Mozilla's PDF.js: no
 * fonts or workers fetched, no scripts run. A PDF it cannot read, or that takes too long, gives
 * no text, not an error.
 *
 * PDF.js runs in a worker thread started for the attachment: its Node build rewrites global
 * built-ins (JSON, Array.prototype.push) for the thread that loads it, which must never be the
 * thread serving requests (pdfWorker.mjs says more). Attachments are rare; the thread's start-up
 * is cheap beside reading an e-mail.
 */
export function pdfText(data: Uint8Array): Promise<string> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      // The worker is plain JavaScript and needs no loader of its own.
      worker = new Worker(new URL('./pdfWorker.mjs', import.meta.url), { workerData: new Uint8Array(data), execArgv: [] });
    } catch {
      resolve('');
      return;
    }
    const timer = setTimeout(() => void worker.terminate(), PDF_TIMEOUT_MS);
    const done = (text: string) => {
      clearTimeout(timer);
      resolve(text);
    };
    worker.once('message', (text: unknown) => {
      done(typeof text === 'string' ? text : '');
      void worker.terminate();
    });
    worker.once('error', () => done(''));
    worker.once('exit', () => done(''));
  });
}
