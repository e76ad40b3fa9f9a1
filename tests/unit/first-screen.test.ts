import { describe, expect, it } from 'vitest';
import { imagePreloadsFirst } from '../../api/src/server/firstScreen.js';

const page = (body: string) => `<!doctype html>
<html>
  <head>
    <link rel="stylesheet" crossorigin href="/assets/index.css">
    <link rel="stylesheet" crossorigin href="/assets/page.css">
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react.js">
  </head>
  <body>
    <div id="root">${body}</div>
  </body>
</html>`;

describe('imagePreloadsFirst', () => {
  it('moves the markup’s picture preloads after the stylesheets, ahead of every script', () => {
    const html = imagePreloadsFirst(page('<link rel="preload" as="image" href="/a.jpg" fetchPriority="high"/><h1>Hi</h1><img src="/a.jpg"/>'));
    const lines = html.split('\n').map((line) => line.trim());
    const preload = lines.indexOf('<link rel="preload" as="image" href="/a.jpg" fetchPriority="high"/>');
    expect(preload).toBe(lines.indexOf('<link rel="stylesheet" crossorigin href="/assets/page.css">') + 1);
    expect(preload).toBeLessThan(lines.findIndex((line) => line.startsWith('<script type="module"')));
    expect(html).toContain('<div id="root"><h1>Hi</h1><img src="/a.jpg"/></div>');
    expect(html.match(/rel="preload"/g)).toHaveLength(1);
  });

  it('leaves a page without picture preloads as it is', () => {
    const html = page('<h1>Hi</h1>');
    expect(imagePreloadsFirst(html)).toBe(html);
  });
});
