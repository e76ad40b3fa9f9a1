import { describe, expect, it } from 'vitest';
import { pdfText } from '../../api/src/reservations/parsing/pdf.js';
import { textPdf } from '../support/pdf.js';

describe('PDF text extraction', () => {
  it('reads a PDF without replacing the built-ins of the thread that serves requests', async () => {
    const before = { parse: JSON.parse, stringify: JSON.stringify, push: Array.prototype.push };
    expect(await pdfText(textPdf(['Hello world', 'Flight UA 123']))).toBe('Hello world\nFlight UA 123');
    // PDF.js's polyfills, had they run here, would have swapped these for slower JavaScript versions.
    expect(JSON.parse).toBe(before.parse);
    expect(JSON.stringify).toBe(before.stringify);
    expect(Array.prototype.push).toBe(before.push);
    expect(String(JSON.stringify)).toContain('[native code]');
  });

  it('gives no text for bytes that are not a PDF', async () => {
    expect(await pdfText(new Uint8Array([1, 2, 3]))).toBe('');
  });
});
