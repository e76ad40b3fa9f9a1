import { createHash } from 'node:crypto';
import type { HtmlDocument } from './webAssets.js';

/** A shared link's preview: the page's own title, description, address and image. */
export interface PageMeta {
  title: string;
  description: string;
  url: string;
  image?: string | null;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The app's shell with the page's title, description and Open Graph tags in its head, so a link
 * to a public page previews as that page (crawlers do not run the app's script). The shell's
 * own title and description are replaced, the rest of it kept byte for byte.
 */
export function withPageMeta(shell: string, meta: PageMeta): HtmlDocument {
  const tags = [
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="Tripcrew" />`,
    `<meta property="og:title" content="${escape(meta.title)}" />`,
    `<meta property="og:description" content="${escape(meta.description)}" />`,
    `<meta property="og:url" content="${escape(meta.url)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escape(meta.image)}" />`, `<meta name="twitter:card" content="summary_large_image" />`] : []),
    `<link rel="canonical" href="${escape(meta.url)}" />`,
  ].join('\n    ');
  const html = shell
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(meta.title)}</title>\n    ${tags}`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escape(meta.description)}" />`);
  const identity = Buffer.from(html);
  return { identity, tag: createHash('sha256').update(identity).digest('base64url').slice(0, 22) };
}
