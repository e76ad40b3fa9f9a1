import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';

/**
 * Where uploaded files live, addressed by key: a folder on local disk (`$DATA_DIR/uploads`) or an
 * S3-compatible bucket shared by every instance (`STORAGE`, see `createStorage`). Every upload of
 * the product goes through this one interface.
 */
export interface FileStorage {
  /** Stores `data` under `key`, replacing any file there; `contentType` is what readers are told. */
  put(key: string, data: Uint8Array, contentType?: string): Promise<void>;
  read(key: string): Promise<Uint8Array | null>;
  /**
   * Stores the file at local `file` under `key` (a large upload such as a video): moved or copied
   * on local disk, sent from a stream to a bucket; the local file is left for the caller.
   */
  putFile(key: string, file: string, contentType?: string): Promise<void>;
  /** The stored file's size in bytes, or null when there is none. */
  sizeOf(key: string): Promise<number | null>;
  /**
   * Bytes `start` to `end` (inclusive) of the stored file, as a stream, for range requests and
   * for serving large files without holding them in memory; null when there is no such file.
   */
  readRange(key: string, start: number, end: number): Promise<ReadableStream<Uint8Array> | null>;
  /** Removes the file; a file already gone is not an error. */
  remove(key: string): Promise<void>;
}

/** Keys are made by the server (e.g. `photos/<trip>/<uuid>.webp`); nothing may climb out of the root. */
export function checkKey(key: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) || key.split('/').some((part) => part === '..' || part === '' || part === '.')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

export function createLocalStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, checkKey(key));
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside and renamed, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.${Date.now()}.part`;
      await fs.writeFile(partial, data);
      await fs.rename(partial, file);
    },
    async read(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async putFile(key, source) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.${Date.now()}.part`;
      await fs.copyFile(source, partial);
      await fs.rename(partial, file);
    },
    async sizeOf(key) {
      try {
        const stat = await fs.stat(fileOf(key));
        return stat.isFile() ? stat.size : null;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async readRange(key, start, end) {
      const file = fileOf(key);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      // The stream owns the handle and closes it when read to the end or dropped.
      return Readable.toWeb(createReadStream('', { fd: handle, start, end, autoClose: true })) as ReadableStream<Uint8Array>;
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

export interface S3Location {
  /** The service's address, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  bucket: string;
  /** Prepended to every key (no leading or trailing slash); empty for the bucket's root. */
  prefix: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * `STORAGE=http(s)://KEY:SECRET@host[:port]/bucket[/prefix][?region=...]`: an S3-compatible
 * bucket addressed path-style (AWS, MinIO, R2, Backblaze and the like all accept it). The keys
 * may come from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY instead of the URL.
 */
export function parseS3Url(value: string, env: NodeJS.ProcessEnv = process.env): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('STORAGE must be "local" or an http(s) URL of an S3-compatible bucket.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('STORAGE must be "local" or an http(s) URL of an S3-compatible bucket.');
  const [bucket, ...prefix] = url.pathname.split('/').filter(Boolean);
  if (!bucket) throw new Error('STORAGE names no bucket: put it in the path, e.g. https://host/bucket.');
  const accessKeyId = decodeURIComponent(url.username) || env.AWS_ACCESS_KEY_ID || '';
  const secretAccessKey = decodeURIComponent(url.password) || env.AWS_SECRET_ACCESS_KEY || '';
  if (!accessKeyId || !secretAccessKey) throw new Error('STORAGE needs credentials: KEY:SECRET@ in the URL, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.');
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    prefix: prefix.join('/'),
    region: url.searchParams.get('region') ?? env.AWS_REGION ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
  };
}

/** Requests signed with AWS Signature V4 (aws4fetch: fetch plus the signature, nothing more). */
export function createS3Storage(location: S3Location): FileStorage {
  const client = new AwsClient({
    accessKeyId: location.accessKeyId,
    secretAccessKey: location.secretAccessKey,
    region: location.region,
    service: 's3',
    // A failed request is the caller's to retry (the sweeper retries removals by itself).
    retries: 0,
  });
  const urlOf = (key: string) => {
    const full = location.prefix ? `${location.prefix}/${checkKey(key)}` : checkKey(key);
    return `${location.endpoint}/${encodeURIComponent(location.bucket)}/${full.split('/').map(encodeURIComponent).join('/')}`;
  };
  const fail = async (what: string, key: string, res: Response) => {
    const detail = (await res.text().catch(() => '')).slice(0, 300);
    return new Error(`storage ${what} of ${key} failed: ${res.status} ${detail}`);
  };
  return {
    async put(key, data, contentType) {
      const res = await client.fetch(urlOf(key), {
        method: 'PUT',
        body: data as Uint8Array<ArrayBuffer>,
        headers: { 'content-type': contentType ?? 'application/octet-stream' },
      });
      if (!res.ok) throw await fail('put', key, res);
      await res.body?.cancel();
    },
    async read(key) {
      const res = await client.fetch(urlOf(key), { method: 'GET' });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) throw await fail('read', key, res);
      return new Uint8Array(await res.arrayBuffer());
    },
    async putFile(key, file, contentType) {
      // S3's PUT needs the length up front; the body streams from disk (never whole in memory).
      const { size } = await fs.stat(file);
      const res = await client.fetch(urlOf(key), {
        method: 'PUT',
        body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
        headers: { 'content-type': contentType ?? 'application/octet-stream', 'content-length': String(size), 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
        duplex: 'half',
      } as RequestInit);
      if (!res.ok) throw await fail('put', key, res);
      await res.body?.cancel();
    },
    async sizeOf(key) {
      const res = await client.fetch(urlOf(key), { method: 'HEAD' });
      await res.body?.cancel();
      if (res.status === 404) return null;
      if (!res.ok) throw await fail('size', key, res);
      return Number(res.headers.get('content-length'));
    },
    async readRange(key, start, end) {
      const res = await client.fetch(urlOf(key), { method: 'GET', headers: { range: `bytes=${start}-${end}` } });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (res.status !== 206 && res.status !== 200) throw await fail('read', key, res);
      if (res.status === 200 && res.body) {
        // A server that ignored the range: its answer is cut to the bytes asked for.
        return res.body.pipeThrough(sliceStream(start, end));
      }
      return res.body;
    },
    async remove(key) {
      const res = await client.fetch(urlOf(key), { method: 'DELETE' });
      // S3 answers 204 whether or not the object was there; some servers say 404 for none.
      if (!res.ok && res.status !== 404) throw await fail('remove', key, res);
      await res.body?.cancel();
    },
  };
}

/** Passes on bytes `start` to `end` (inclusive) of a whole file's stream. */
function sliceStream(start: number, end: number): TransformStream<Uint8Array, Uint8Array> {
  let at = 0;
  return new TransformStream({
    transform(chunk, controller) {
      const from = Math.max(0, start - at);
      const to = Math.min(chunk.length, end + 1 - at);
      at += chunk.length;
      if (to > from) controller.enqueue(chunk.subarray(from, to));
    },
  });
}

/** The storage `STORAGE` names: `local` (under `dataDir/uploads`) or an S3-compatible bucket URL. */
export function createStorage(setting: string, dataDir: string): FileStorage {
  if (setting === 'local' || setting === '') return createLocalStorage(path.join(dataDir, 'uploads'));
  return createS3Storage(parseS3Url(setting));
}
