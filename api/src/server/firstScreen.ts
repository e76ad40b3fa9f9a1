/**
 * The first screen's pictures ahead of the scripts. React's server render announces a picture
 * asked for with high priority as `<link rel="preload" as="image">`, but inside the page's
 * markup, after the head's dozens of module preloads: on an HTTP/1.1 connection (six at a time)
 * the picture then waits for every script before it (`npm run page-weight` measured /stories'
 * covers starting at 4.4 s on Slow 4G). Moved up beside the stylesheets, it goes out with the
 * first batch. Used for the build's prerendered pages (web/scripts/prerender.ts) and the pages
 * rendered per request (livePages.ts).
 */
const IMAGE_PRELOAD = /<link rel="preload"[^>]* as="image"[^>]*>/g;

export function imagePreloadsFirst(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const body = html.slice(headEnd);
  const links = [...new Set(body.match(IMAGE_PRELOAD) ?? [])];
  if (links.length === 0) return html;
  const head = html.slice(0, headEnd);
  // After the stylesheets (they hold the first paint), before the first script or module preload.
  const firstScript = head.search(/<script type="module"|<link rel="modulepreload"/);
  const at = firstScript < 0 ? head.length : head.lastIndexOf('\n', firstScript) + 1;
  const indent = firstScript < 0 ? '    ' : head.slice(at, firstScript);
  return head.slice(0, at) + links.map((link) => `${indent}${link}\n`).join('') + head.slice(at) + body.replace(IMAGE_PRELOAD, '');
}
