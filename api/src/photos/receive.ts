import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Busboy } from '@fastify/busboy';
import { DomainError, PayloadTooLargeError, ValidationError } from '../platform/errors.js';
import { cleanInput } from '../platform/text.js';
import { sniffImageType, SNIFF_BYTES } from './fileType.js';
import { fill, megabytes, PHOTO_LIMITS as L, PhotoMessages as M } from './messages.js';

/** The form's text fields and its file, written to a temporary file as it streamed in. */
export interface ReceivedUpload {
  fields: Record<string, string>;
  file: { path: string; name: string; size: number; mimeType: string } | null;
}

/** Room for the form's other parts and boundaries beside the largest file. */
const FORM_OVERHEAD = 64 * 1024;

/** A photo over the limit: 413 with the specification's message. */
export function tooLarge(name: string, bytes: number | null): PayloadTooLargeError {
  const err = new PayloadTooLargeError(L.fileBytes);
  err.message = fill(M.tooLarge, { name, size: bytes === null ? 'over 50 MB' : megabytes(bytes) });
  return err;
}

/**
 * Reads a multipart upload as it arrives: the file goes to disk in `tmpDir` a chunk at a time,
 * never whole into memory, and the reading stops as soon as the file is over the size limit or
 * its first bytes show it is not a supported image. A declared Content-Length over the limit is
 * refused before anything is read. The caller removes `file.path` when done.
 */
export async function receiveUpload(body: Readable, headers: { contentType: string; contentLength: number | null }, tmpDir: string): Promise<ReceivedUpload> {
  if (!/^multipart\/form-data/i.test(headers.contentType)) throw new DomainError(M.notMultipart);
  if (headers.contentLength !== null && headers.contentLength > L.fileBytes + FORM_OVERHEAD) {
    body.resume();
    throw tooLarge('This file', headers.contentLength);
  }
  await fsp.mkdir(tmpDir, { recursive: true });
  const fields: Record<string, string> = {};
  let file: ReceivedUpload['file'] = null;
  const written: Promise<void>[] = [];

  return new Promise<ReceivedUpload>((resolve, reject) => {
    let settled = false;
    const finish = (err: unknown) => {
      if (settled) return;
      settled = true;
      // Whatever is left of the body is read and dropped (nothing kept), so the answer can go out.
      body.unpipe(parser);
      body.resume();
      // The temporary file goes once its stream has closed (it may still be opening now).
      const tmp = file?.path;
      void Promise.allSettled(written)
        .then(() => (tmp ? fsp.rm(tmp, { force: true }) : undefined))
        .finally(() => reject(err));
    };
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { 'content-type': headers.contentType },
        limits: { fileSize: L.fileBytes, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
      });
    } catch {
      reject(new DomainError(M.notMultipart));
      return;
    }
    parser.on('field', (name, value) => {
      fields[name] = cleanInput(value);
    });
    parser.on('file', (fieldName, stream, fileName) => {
      if (fieldName !== 'file' || file) {
        stream.resume();
        return;
      }
      const name = cleanInput(path.basename(fileName || 'photo')).slice(0, 255) || 'photo';
      const tmp = path.join(tmpDir, `${randomUUID()}.upload`);
      const out = fs.createWriteStream(tmp, { flags: 'wx' });
      const current = { path: tmp, name, size: 0, mimeType: '' };
      file = current;
      let head: Buffer = Buffer.alloc(0);
      written.push(new Promise((done) => out.on('close', () => done())));
      stream.on('limit', () => {
        out.destroy();
        finish(tooLarge(name, headers.contentLength));
      });
      stream.on('data', (chunk: Buffer) => {
        current.size += chunk.length;
        if (!current.mimeType && head.length < SNIFF_BYTES) {
          head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES)]);
          if (head.length >= SNIFF_BYTES) judge();
        }
        // Back-pressure: the socket waits while the disk catches up.
        if (!out.write(chunk)) {
          stream.pause();
          out.once('drain', () => stream.resume());
        }
      });
      const judge = () => {
        if (current.mimeType) return;
        const type = sniffImageType(head);
        if (type === 'heic') return void (out.destroy(), finish(new ValidationError(fill(M.heic, { name }), 'file')));
        if (!type) return void (out.destroy(), finish(new ValidationError(fill(M.notImage, { name }), 'file')));
        current.mimeType = type;
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
        resolve({ fields, file });
      }, finish);
    });
    body.on('error', (err) => finish(err));
    body.pipe(parser);
  });
}
