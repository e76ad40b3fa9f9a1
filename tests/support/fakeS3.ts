import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-compatible server for tests: PUT, GET (whole or one byte range), HEAD and DELETE of objects in path-style buckets,
 * kept in memory. Every request must carry a valid AWS Signature V4 for the given key pair (the
 * signature is recomputed here, and the payload hash checked against the body), as S3 demands.
 * Written for the test rather than taken from npm: the S3 servers there are unmaintained or
 * need a JVM or a binary, and these three calls are all the storage uses.
 */
export interface FakeS3 {
  url: string;
  objects: Map<string, { body: Buffer; contentType: string }>;
  /** Requests refused for a bad signature. */
  refused: number;
  close(): Promise<void>;
}

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

function signatureValid(req: http.IncomingMessage, body: Buffer, accessKeyId: string, secret: string): boolean {
  const auth = req.headers.authorization ?? '';
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!match || match[1] !== accessKeyId) return false;
  const [, , date, region, signedHeaders, signature] = match;
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return false;
  const url = new URL(req.url ?? '/', 'http://fake');
  const query = [...url.searchParams]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  const headers = signedHeaders!
    .split(';')
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), 's3'), 'aws4_request');
  return hmac(key, toSign).toString('hex') === signature;
}

export async function startFakeS3(accessKeyId: string, secret: string): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const fake = { objects, refused: 0 } as FakeS3;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (!signatureValid(req, body, accessKeyId, secret)) {
        fake.refused++;
        res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      const key = decodeURIComponent(new URL(req.url ?? '/', 'http://fake').pathname);
      if (req.method === 'PUT') {
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
        res.writeHead(200, { etag: `"${sha256(body).slice(0, 32)}"` }).end();
      } else if (req.method === 'GET' || req.method === 'HEAD') {
        const object = objects.get(key);
        const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
        if (!object) res.writeHead(404, { 'content-type': 'application/xml' }).end(req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>');
        else if (req.method === 'HEAD') res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length }).end();
        else if (range) {
          // S3 answers a single byte range with 206 and its Content-Range.
          const start = Number(range[1]);
          const end = Math.min(Number(range[2]), object.body.length - 1);
          res
            .writeHead(206, { 'content-type': object.contentType, 'content-range': `bytes ${start}-${end}/${object.body.length}` })
            .end(object.body.subarray(start, end + 1));
        } else res.writeHead(200, { 'content-type': object.contentType }).end(object.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
