import { wellFormed } from './text.js';

/**
 * The one escaper of HTML text. Used through the `html` template tag, which escapes every
 * interpolation unless it is itself `html` (a fragment already built): e-mail bodies and the
 * server-rendered page heads are written with it.
 */
export const escapeHtml = (s: string): string => wellFormed(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Markup built by `html`: safe to put into more markup as it is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Part = SafeHtml | string | number | null | undefined | false | readonly Part[];

const written = (v: Part): string => {
  if (v === null || v === undefined || v === false) return '';
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(written).join('');
  return escapeHtml(String(v));
};

/** Markup with every interpolated value escaped (text safe in an element and in a quoted attribute). */
export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((v, i) => (out += written(v) + strings[i + 1]!));
  return new SafeHtml(out);
}

/** What a shared link previews: a public page's own title, description and picture. */
export interface PageHead {
  title: string;
  description: string;
  /** A path on this server or an absolute address; made absolute with PUBLIC_URL. */
  image: string | null;
  /** The page's path. */
  path: string;
  type: 'article' | 'website';
}
