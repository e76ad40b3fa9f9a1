/**
 * A string every format can encode: each lone surrogate (half of a UTF-16 pair, which no UTF-8
 * writer can encode) becomes U+FFFD, as TextEncoder would write it.
 */
export const wellFormed = (s: string): string => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** C0 controls other than tab, CR and LF, DEL and C1 controls: never meaningful in a generated file. */
export const STRAY_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
