import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Pages read at most from one attachment: tickets and invoices are a page or two. */
const MAX_PAGES = 5;

/**
 * The text of a PDF attachment (e-tickets, vouchers), line by line, with Mozilla's PDF.js: no
 * fonts or workers fetched, no scripts run. A PDF it cannot read gives no text, not an error.
 */
export async function pdfText(data: Uint8Array): Promise<string> {
  try {
    const task = getDocument({
      data: new Uint8Array(data),
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      stopAtErrors: true,
      verbosity: 0,
    });
    const doc = await task.promise;
    const lines: string[] = [];
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
  } catch {
    return '';
  }
}
