/**
 * Search keys: case- and accent-insensitive. NFD splits "ã" into "a" + a combining mark, which
 * is then dropped; letters that do not decompose (ß, ø, ł, æ, ...) are spelled out by hand.
 * Hyphens become spaces and apostrophes and dots vanish, so "saint etienne" finds
 * "Saint-Étienne" and "st johns" finds "St. John's".
 */
const SPELLED: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  ø: 'o',
  Ø: 'o',
  ł: 'l',
  Ł: 'l',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
};
const SPELLED_RE = new RegExp(`[${Object.keys(SPELLED).join('')}]`, 'g');

/** Most names are plain ASCII words: no need for the full treatment (it dominates loading). */
const PLAIN = /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)*$/;

export function normalizeText(text: string): string {
  if (PLAIN.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(SPELLED_RE, (ch) => SPELLED[ch] ?? ch)
    .toLowerCase()
    .replace(/[‐‑‒–—_/-]+/g, ' ')
    .replace(/['’‘`´ʻʼ.]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
