import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Busboy } from '@fastify/busboy';
import { DomainError, PayloadTooLargeError, ValidationError } from '../platform/errors.js';
import { cleanInput } from '../platform/text.js';
import { sniffImageType, sniffVideoType, SNIFF_BYTES } from './fileType.js';
import { fill, megabytes, PHOTO_LIMITS as L, PhotoMessages as M, POSTER_MAX_BYTES } from './messages.js';

/** A file part of the form, written to a temporary file as it streamed in. */
export interface ReceivedFile {
  path: string;
  name: string;
  size: number;
  /** What its bytes say it is (an image type, or a video type for the `file` part). */
  mimeType: string;
}

/** The form's text fields, its file (a photo or a video) and a video's optional `poster` image. */
export interface ReceivedUpload {
  fields: Record<string, string>;
  file: ReceivedFile | null;
  poster: ReceivedFile | null;
}

/** What the upload accepts beyond photos: videos up to this many bytes (`VIDEO_MAX_BYTES`). */
export interface UploadLimits {
  videoMaxBytes: number;
}

/** Room for the form's other parts and boundaries beside the largest file. */
const FORM_OVERHEAD = 64 * 1024;

/** A photo over the limit: 413 with the specification's message. */
export function tooLarge(name: string, bytes: number | null): PayloadTooLargeError {
  const err = new PayloadTooLargeError(L.fileBytes);
  err.message = fill(M.tooLarge, { name, size: bytes === null ? 'over 50 MB' : megabytes(bytes) });
  return err;
}

/** A video over the limit: 413 naming the limit. */
export function videoTooLarge(name: string, bytes: number | null, limit: number): PayloadTooLargeError {
  const err = new PayloadTooLargeError(limit);
  err.message = fill(M.videoTooLarge, { name, size: bytes === null ? `over ${megabytes(limit)}` : megabytes(bytes), max: megabytes(limit) });
  return err;
}

/**
 * Reads a multipart upload as it arrives: each file goes to disk in `tmpDir` a chunk at a time,
 * never whole into memory, and the reading stops as soon as a file is over its size limit (50 MB
 * for a photo, `limits.videoMaxBytes` for a video, POSTER_MAX_BYTES for a poster: each counted as
 * the bytes arrive, the limit chosen once the first bytes have told the type) or its first bytes
 * show it is not a supported image or video. A declared Content-Length over the largest limit is
 * refused before anything is read. The caller removes the files' paths when done.
 */
export async function receiveUpload(
  body: Readable,
  headers: { contentType: string; contentLength: number | null },
  tmpDir: string,
  limits: UploadLimits,
): Promise<ReceivedUpload> {
  if (!/^multipart\/form-data/i.test(headers.contentType)) throw new DomainError(M.notMultipart);
  const largest = Math.max(L.fileBytes, limits.videoMaxBytes);
  if (headers.contentLength !== null && headers.contentLength > largest + POSTER_MAX_BYTES + FORM_OVERHEAD) {
    body.resume();
    if (limits.videoMaxBytes <= L.fileBytes) throw tooLarge('This file', headers.contentLength);
    const err = new PayloadTooLargeError(largest);
    err.message = fill(M.uploadTooLarge, { name: 'This file', size: megabytes(headers.contentLength), max: megabytes(limits.videoMaxBytes) });
    throw err;
  }
  await fsp.mkdir(tmpDir, { recursive: true });
  const fields: Record<string, string> = {};
  const received: { file: ReceivedFile | null; poster: ReceivedFile | null } = { file: null, poster: null };
  const written: Promise<void>[] = [];

  return new Promise<ReceivedUpload>((resolve, reject) => {
    let settled = false;
    const finish = (err: unknown) => {
      if (settled) return;
      settled = true;
      // Whatever is left of the body is read and dropped (nothing kept), so the answer can go out.
      body.unpipe(parser);
      body.resume();
      // The temporary files go once their streams have closed (they may still be opening now).
      const tmps = [received.file?.path, received.poster?.path].filter((p): p is string => !!p);
      void Promise.allSettled(written)
        .then(() => Promise.all(tmps.map((tmp) => fsp.rm(tmp, { force: true }))))
        .finally(() => reject(err));
    };
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { 'content-type': headers.contentType },
        limits: { fileSize: largest + 1, files: 2, fields: 10, fieldSize: 4096, parts: 12 },
      });
    } catch {
      reject(new DomainError(M.notMultipart));
      return;
    }
    parser.on('field', (name, value) => {
      fields[name] = cleanInput(value);
    });
    parser.on('file', (fieldName, stream, fileName) => {
      const part = fieldName === 'file' || fieldName === 'poster' ? fieldName : null;
      if (!part || received[part]) {
        stream.resume();
        return;
      }
      const name = cleanInput(path.basename(fileName || (part === 'poster' ? 'poster' : 'photo'))).slice(0, 255) || 'photo';
      const tmp = path.join(tmpDir, `${randomUUID()}.upload`);
      const out = fs.createWriteStream(tmp, { flags: 'wx' });
      const current: ReceivedFile = { path: tmp, name, size: 0, mimeType: '' };
      received[part] = current;
      let head: Buffer = Buffer.alloc(0);
      written.push(new Promise((done) => out.on('close', () => done())));
      const overLimit = () => {
        if (part === 'poster') return new ValidationError(M.posterNotImage, 'poster');
        if (current.mimeType.startsWith('video/')) return videoTooLarge(name, headers.contentLength, limits.videoMaxBytes);
        return tooLarge(name, headers.contentLength);
      };
      // The limit of what the bytes turned out to be (before that, the largest of all).
      const limit = () =>
        part === 'poster' ? POSTER_MAX_BYTES : current.mimeType.startsWith('video/') ? limits.videoMaxBytes : current.mimeType ? L.fileBytes : largest;
      stream.on('limit', () => {
        out.destroy();
        finish(overLimit());
      });
      stream.on('data', (chunk: Buffer) => {
        if (settled) return;
        current.size += chunk.length;
        if (!current.mimeType && head.length < SNIFF_BYTES) {
          head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES)]);
          if (head.length >= SNIFF_BYTES && !judge()) return;
        }
        if (current.size > limit()) {
          out.destroy();
          finish(overLimit());
          return;
        }
        // Back-pressure: the socket waits while the disk catches up.
        if (!out.write(chunk)) {
          stream.pause();
          out.once('drain', () => stream.resume());
        }
      });
      /** Settles the type from the first bytes; false (and the upload refused) when it is not one we take. */
      const judge = (): boolean => {
        if (current.mimeType) return true;
        const image = sniffImageType(head);
        const video = part === 'file' && !image ? sniffVideoType(head) : null;
        const refuse = (err: Error) => (out.destroy(), finish(err), false);
        if (part === 'poster' && (!image || image === 'heic')) return refuse(new ValidationError(M.posterNotImage, 'poster'));
        if (image === 'heic') return refuse(new ValidationError(fill(M.heic, { name }), 'file'));
        if (!image && !video) return refuse(new ValidationError(fill(M.notImage, { name }), 'file'));
        current.mimeType = (image ?? video)!;
        return true;
      };
      stream.on('end', () => {
        if (!settled) judge();
        out.end();
      });
      out.on('error', (err) => finish(err));
    });
    parser.on('error', () => finish(new DomainError(M.notMultipart)));
    parser.on('finish', () => {
      if (settled) return;
      void Promise.all(written).then(() => {
        if (settled) return;
        settled = true;
        resolve({ fields, file: received.file, poster: received.poster });
      }, finish);
    });
    body.on('error', (err) => finish(err));
    body.pipe(parser);
  });
}
