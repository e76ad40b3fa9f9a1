import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { html, type PageHead } from '../platform/formats/html.js';
import type { HtmlDocument } from './webAssets.js';

export type { PageHead };

/**
 * The web app's shell with the page's own head: its <title>, description, canonical address and
 * Open Graph / Twitter card tags, so a link shared anywhere previews with the page's own words
 * even though the page itself renders in the browser.
 */
export function documentWithHead(shell: string, head: PageHead, publicUrl: string): HtmlDocument {
  const identity = Buffer.from(htmlWithHead(shell, head, publicUrl));
  return {
    identity,
    // Compressed like every other page the server sends (quick settings: this is per request).
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip: gzipSync(identity, { level: 6 }),
    tag: createHash('sha256').update(identity).digest('base64url').slice(0, 22),
  };
}

/** The same head put into an HTML document (the shell, or a page rendered with its data), uncompressed. */
export function htmlWithHead(shell: string, head: PageHead, publicUrl: string): string {
  const absolute = (p: string) => new URL(p, publicUrl).toString();
  const description = head.description.replace(/\s+/g, ' ').trim().slice(0, 300);
  // Every value through the one HTML escaper (the `html` tag), the fixed words included.
  const tags = [
    html`<meta property="og:type" content="${head.type}" />`,
    html`<meta property="og:site_name" content="Tripcrew" />`,
    html`<meta property="og:title" content="${head.title}" />`,
    html`<meta property="og:description" content="${description}" />`,
    html`<meta property="og:url" content="${absolute(head.path)}" />`,
    ...(head.image ? [html`<meta property="og:image" content="${absolute(head.image)}" />`] : []),
    html`<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    html`<link rel="canonical" href="${absolute(head.path)}" />`,
  ];
  // Replaced by functions: a `$` in a title is text, not a replacement pattern.
  return shell
    .replace(/<title>[^<]*<\/title>/, () => html`<title>${head.title} · Tripcrew</title>`.value)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => html`<meta name="description" content="${description}" />`.value)
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}
