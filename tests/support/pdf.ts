/** An 8-bit grey image (one byte a pixel, rows top to bottom). */
export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * A minimal PDF writer for test fixtures: one page of Helvetica text lines (and, when given, one
 * grey image drawn under them, e.g. a barcode), with a correct cross-reference table, so the PDF
 * attachments of the corpus are made here, readable, rather than committed as opaque files.
 */
export function textPdf(lines: string[], image?: GreyImage): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const draw = image ? ['q', `${image.width} 0 0 ${image.height} 50 300 cm`, '/Im1 Do', 'Q'] : [];
  const content = ['BT', '/F1 11 Tf', '14 TL', '50 780 Td', ...lines.map((l) => `(${escape(l)}) Tj T*`), 'ET', ...draw].join('\n');
  const xobject = image ? ' /XObject << /Im1 6 0 R >>' : '';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >>${xobject} >> /Contents 5 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  if (image) {
    const pixels = Buffer.from(image.data).toString('latin1');
    objects.push(
      `<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${image.data.length} >>\nstream\n${pixels}\nendstream`,
    );
  }
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
