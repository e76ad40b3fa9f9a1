/**
 * The one byte range of a `Range` header (RFC 9110 §14) within a file of `size` bytes:
 * `bytes=0-499`, `bytes=500-` (to the end), `bytes=-500` (the last 500). Null means serve the
 * whole file: no header, a unit other than bytes, a header we cannot read (the RFC says to
 * ignore it), or several ranges (whole files are a valid answer to those too). 'unsatisfiable'
 * (416) when the range starts at or past the end, or asks for the last zero bytes.
 */
export function byteRange(header: string | undefined, size: number): [number, number] | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Number(last);
  return [start, Math.min(end, size - 1)];
}
