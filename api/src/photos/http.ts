import os from 'node:os';
import path from 'node:path';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { Hono, type Context } from 'hono';
import type { AppDeps } from '../platform/context.js';
import { UnauthenticatedError, ValidationError } from '../platform/errors.js';
import { checkKey } from '../platform/storage.js';
import { errorResponse } from '../rest/respond.js';
import { requestContext } from '../accounts/requestContext.js';
import { STORED_TYPE } from './images.js';
import { byteRange } from './ranges.js';
import { PhotoMessages as M } from './messages.js';
import { receiveUpload } from './receive.js';
import { photoJson } from './rest.js';
import { uploadPhoto } from './service.js';
import { MEDIA_PATH, verifyMediaUrl } from './signedUrls.js';

export const UPLOAD_PATH = '/api/backend/upload-photo';

/** What a stored file is, by the extension the server gave its key. */
const TYPES: Record<string, string> = { webp: STORED_TYPE, mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm' };
const contentTypeOf = (key: string) => TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** The request body as a Node stream: the socket itself when served by Node, else the Fetch body. */
function bodyStream(c: Context): Readable {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming) return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as import('node:stream/web').ReadableStream) : Readable.from([]);
}

/**
 * The two routes that do not fit the JSON route table, mounted before the server's 256 KB body
 * limit: the photo and video upload (streamed to disk under limits of its own: 50 MB for a
 * photo, VIDEO_MAX_BYTES for a video) and the signed, expiring links that serve stored files,
 * whole or by byte range (players seek with `Range`).
 */
export function photoHttp(deps: AppDeps) {
  const app = new Hono();
  app.onError((err, c) => errorResponse(deps, c, err));
  const tmpDir = path.join(deps.config.dataDir || os.tmpdir(), 'tmp');

  // multipart {trip_id, file, title?, is_shared?, poster? (a video's image)} -> 201 {photo}
  app.post(UPLOAD_PATH, async (c) => {
    // Who is asking is settled before a byte of the body is read.
    const ctx = await requestContext(deps, c);
    if (!ctx.viewer) throw new UnauthenticatedError();
    const length = c.req.header('content-length');
    const upload = await receiveUpload(
      bodyStream(c),
      { contentType: c.req.header('content-type') ?? '', contentLength: length ? Number(length) : null },
      tmpDir,
      { videoMaxBytes: deps.config.videoMaxBytes },
    );
    try {
      const tripId = upload.fields.trip_id;
      if (!tripId) throw new ValidationError('trip_id is required.', 'trip_id');
      if (!upload.file) throw new ValidationError(M.fileRequired, 'file');
      const photo = await uploadPhoto(ctx, {
        tripId,
        title: upload.fields.title,
        isShared: upload.fields.is_shared === undefined ? true : upload.fields.is_shared !== 'false',
        fileName: upload.file.name,
        fileSize: upload.file.size,
        mimeType: upload.file.mimeType,
        path: upload.file.path,
        posterPath: upload.poster?.path ?? null,
      });
      return c.json({ photo: photoJson(deps, photo) }, 201);
    } finally {
      await Promise.all([upload.file, upload.poster].map((f) => f && fsp.rm(f.path, { force: true })));
    }
  });

  // A stored file, for whoever holds a link the server signed (it signs them only for members).
  app.get(`${MEDIA_PATH}/*`, async (c) => {
    const key = decodeURIComponent(c.req.path.slice(MEDIA_PATH.length + 1));
    const exp = c.req.query('exp');
    let valid: boolean;
    try {
      valid = verifyMediaUrl(deps, checkKey(key), exp, c.req.query('sig'));
    } catch {
      valid = false; // a key that could climb out of storage names nothing we serve
    }
    if (!valid) return c.json({ error: M.linkInvalid }, 403);
    const size = await deps.storage.sizeOf(key);
    if (size === null) return c.json({ error: M.notFound }, 404);
    const maxAge = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
    const common = {
      'Content-Type': contentTypeOf(key),
      'Accept-Ranges': 'bytes',
      // Kept by this browser only, and no longer than the link is good for.
      'Cache-Control': `private, max-age=${maxAge}`,
      'Cross-Origin-Resource-Policy': 'same-origin',
    };
    const range = byteRange(c.req.header('range'), size);
    if (range === 'unsatisfiable') return c.body(null, 416, { ...common, 'Content-Range': `bytes */${size}` });
    if (size === 0) return c.body(new Uint8Array(0), 200, common);
    const [start, end] = range ?? [0, size - 1];
    const stream = await deps.storage.readRange(key, start, end);
    if (!stream) return c.json({ error: M.notFound }, 404);
    const headers = { ...common, 'Content-Length': String(end - start + 1) };
    if (!range) return c.body(stream, 200, headers);
    return c.body(stream, 206, { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}` });
  });
  return app;
}
