/** What a file really is, told from its first bytes (its name and the browser's type can lie). */
export type SniffedType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'heic' | null;

/** How many leading bytes `sniffImageType` and `sniffVideoType` need. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** HEIF brands (ISO/IEC 23008-12) of still and sequence images an iPhone writes. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

export function sniffImageType(head: Uint8Array): SniffedType {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b)) return 'image/png';
  if (head.length >= 6 && (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')) return 'image/gif';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp' && HEIC_BRANDS.has(ascii(head, 8, 12))) return 'heic';
  return null;
}

/** The videos accepted, as their bytes tell them. */
export type VideoType = 'video/mp4' | 'video/quicktime' | 'video/webm';

/** ISO base media brands of MP4 files (ISO/IEC 14496-12 and -14, 3GPP, Apple's M4V). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VP',
  'M4VH',
  'dash',
  'mmp4',
  'MSNV',
  'NDAS',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
  'f4v ',
]);

/**
 * A video's type from its first bytes: an `ftyp` box whose major brand (or, failing that, a
 * compatible brand) is QuickTime's `qt  ` or an MP4 brand; or an EBML header (1A 45 DF A3) whose
 * DocType element (42 82) says `webm`. HEIF images share the `ftyp` box and are not videos.
 */
export function sniffVideoType(head: Uint8Array): VideoType | null {
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const major = ascii(head, 8, 12);
    if (HEIC_BRANDS.has(major)) return null;
    if (major === 'qt  ') return 'video/quicktime';
    if (MP4_BRANDS.has(major)) return 'video/mp4';
    // Compatible brands follow the minor version, up to the end of the box (or of what was read).
    const boxEnd = Math.min(head.length, new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0));
    for (let at = 16; at + 4 <= boxEnd; at += 4) {
      const brand = ascii(head, at, at + 4);
      if (brand === 'qt  ') return 'video/quicktime';
      if (MP4_BRANDS.has(brand)) return 'video/mp4';
    }
    return null;
  }
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    // The DocType element (ID 42 82, a one-byte size 0x84 or 0x88...) sits in the first few dozen bytes.
    for (let at = 4; at + 7 <= head.length; at++) {
      if (head[at] === 0x42 && head[at + 1] === 0x82) {
        const size = head[at + 2]! & 0x7f; // a one-byte EBML size: 1xxx xxxx
        if (head[at + 2]! & 0x80 && ascii(head, at + 3, at + 3 + Math.min(size, 4)) === 'webm') return 'video/webm';
        return null;
      }
    }
  }
  return null;
}
