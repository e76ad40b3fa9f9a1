import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake providers received. */
export interface ProviderHit {
  provider: 'overpass' | 'mediawiki';
  /** Overpass: the QL query; MediaWiki: the query string's parameters. */
  query: string;
  params: URLSearchParams;
}

export type Answer = { status?: number; body?: string; hang?: boolean; headers?: Record<string, string> };

/**
 * An Overpass server (POST /api/interpreter) and a MediaWiki API (GET /w/api.php) on a local port,
 * answering whatever `answer` decides for each request. Test-only: nothing leaves the machine.
 */
export async function startFakeProviders(answer: (hit: ProviderHit) => Answer) {
  const hits: ProviderHit[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    let body = '';
    for await (const chunk of req) body += chunk;
    const hit: ProviderHit =
      url.pathname === '/api/interpreter'
        ? { provider: 'overpass', query: new URLSearchParams(body).get('data') ?? '', params: new URLSearchParams(body) }
        : { provider: 'mediawiki', query: url.search, params: url.searchParams };
    hits.push(hit);
    const a = answer(hit);
    if (a.hang) return; // never answers: the client's deadline must cut it
    res.writeHead(a.status ?? 200, { 'content-type': 'application/json', ...a.headers });
    res.end(a.body ?? '{}');
  };
  const server = http.createServer((req, res) => void handle(req, res));
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    hits,
    overpassUrl: `${base}/api/interpreter`,
    wikiUrl: `${base}/w/api.php`,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A point `metres` north-east-ish of `from` (good to a few metres over a few km). */
export function offset(from: { lat: number; lon: number }, northMeters: number, eastMeters: number) {
  const lat = from.lat + northMeters / 111_320;
  const lon = from.lon + eastMeters / (111_320 * Math.cos((from.lat * Math.PI) / 180));
  return { lat, lon };
}
