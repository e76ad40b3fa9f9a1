import fsp from 'node:fs/promises';

/**
 * Finds and blanks the location metadata of an ISO base media file (MP4, QuickTime MOV, 3GP):
 *
 * - QuickTime user data `©xyz` (ISO 6709 text such as `+38.7223-009.1393/`, what Android and
 *   older cameras write) and 3GPP's `loci`, in the movie's or a track's `udta`;
 * - Apple's keyed metadata (`meta` with `keys` and `ilst`, what an iPhone writes): the values of
 *   every `com.apple.quicktime.location.*` key, and iTunes-style `©xyz` items.
 *
 * Each is overwritten in place, payload only, with zero bytes of the same length, so every box
 * size and every offset into the media data (the sample tables point into `mdat` by absolute
 * position) stays valid and the video plays as before. The walk reads box headers only
 * (a few bytes each, skipping `mdat` by its size), never the whole file.
 */

/** What the walker reads: a file, or bytes in memory (tests). */
export interface BoxSource {
  size: number;
  read(offset: number, length: number): Promise<Buffer>;
}

/** A byte range to blank. */
export interface Blank {
  offset: number;
  length: number;
  /** The box it belongs to (for tests and logs). */
  what: string;
}

/** Boxes whose payload is a list of boxes that may hold location metadata. */
const CONTAINERS = new Set(['moov', 'trak', 'udta', 'meta']);
/** Boxes whose whole payload is a location. */
const LOCATION_BOXES = new Set(['\u00a9xyz', 'loci']);
/** Apple's keys naming a location (the ISO 6709 point, and its accuracy or name). */
const LOCATION_KEY = /^com\.apple\.quicktime\.location\./;
/** Nesting deeper than this is not a real file's. */
const MAX_DEPTH = 8;

interface Header {
  type: string;
  /** Where its payload starts and the box ends (absolute). */
  payload: number;
  end: number;
}

async function header(src: BoxSource, at: number, end: number): Promise<Header | null> {
  if (at + 8 > end) return null;
  const head = await src.read(at, Math.min(16, end - at));
  let size = head.readUInt32BE(0);
  const type = head.toString('latin1', 4, 8);
  let payload = at + 8;
  if (size === 1) {
    if (head.length < 16) return null;
    size = Number(head.readBigUInt64BE(8));
    payload = at + 16;
  } else if (size === 0) {
    size = end - at; // to the end of its parent (of the file, at the top)
  }
  if (size < payload - at || at + size > end) return null; // damaged: stop walking this level
  return { type, payload, end: at + size };
}

async function children(src: BoxSource, from: number, end: number): Promise<Header[]> {
  const found: Header[] = [];
  let at = from;
  for (;;) {
    const box = await header(src, at, end);
    if (!box) return found;
    found.push(box);
    at = box.end;
  }
}

/** Where a `meta` box's children start: ISO's is a full box (4 bytes of version and flags first), QuickTime's is not. */
async function metaChildrenStart(src: BoxSource, meta: Header): Promise<number> {
  if (meta.payload + 8 > meta.end) return meta.payload;
  const probe = await src.read(meta.payload, 8);
  return probe.toString('latin1', 4, 8) === 'hdlr' ? meta.payload : meta.payload + 4;
}

/** The 1-based indexes of the location keys of a `keys` box. */
async function locationKeyIndexes(src: BoxSource, keys: Header): Promise<Set<number>> {
  const found = new Set<number>();
  if (keys.end - keys.payload > 64 * 1024) return found; // no real key list is this long
  const bytes = await src.read(keys.payload, keys.end - keys.payload);
  if (bytes.length < 8) return found;
  const count = bytes.readUInt32BE(4);
  let at = 8;
  for (let index = 1; index <= count && at + 8 <= bytes.length; index++) {
    const size = bytes.readUInt32BE(at);
    if (size < 8 || at + size > bytes.length) break;
    if (LOCATION_KEY.test(bytes.toString('latin1', at + 8, at + size))) found.add(index);
    at += size;
  }
  return found;
}

/** The value bytes of an `ilst` item's `data` boxes (after their 8 bytes of type and locale). */
async function itemValues(src: BoxSource, item: Header, what: string): Promise<Blank[]> {
  const blanks: Blank[] = [];
  for (const data of await children(src, item.payload, item.end)) {
    if (data.type === 'data' && data.end - data.payload > 8) blanks.push({ offset: data.payload + 8, length: data.end - data.payload - 8, what });
  }
  return blanks;
}

async function walk(src: BoxSource, from: number, end: number, depth: number, blanks: Blank[]): Promise<void> {
  if (depth > MAX_DEPTH) return;
  let locationKeys = new Set<number>();
  for (const box of await children(src, from, end)) {
    if (LOCATION_BOXES.has(box.type) && depth > 0) {
      if (box.end > box.payload) blanks.push({ offset: box.payload, length: box.end - box.payload, what: box.type });
    } else if (box.type === 'keys') {
      locationKeys = await locationKeyIndexes(src, box);
    } else if (box.type === 'ilst') {
      for (const item of await children(src, box.payload, box.end)) {
        const index = Buffer.from(item.type, 'latin1').readUInt32BE(0);
        if (item.type === '\u00a9xyz' || locationKeys.has(index))
          blanks.push(...(await itemValues(src, item, `ilst ${item.type === '\u00a9xyz' ? item.type : `key ${index}`}`)));
      }
    } else if (CONTAINERS.has(box.type)) {
      const start = box.type === 'meta' ? await metaChildrenStart(src, box) : box.payload;
      await walk(src, start, box.end, depth + 1, blanks);
    }
  }
}

/** The location payloads of an MP4/MOV file, in file order. */
export async function findLocationMetadata(src: BoxSource): Promise<Blank[]> {
  const blanks: Blank[] = [];
  await walk(src, 0, src.size, 0, blanks);
  return blanks;
}

/** A source over bytes in memory. */
export const bufferSource = (bytes: Buffer): BoxSource => ({
  size: bytes.length,
  read: async (offset, length) => bytes.subarray(offset, offset + length),
});

/** Blanks the location metadata of the MP4/MOV file at `path`, in place; returns what was blanked. */
export async function stripVideoLocation(path: string): Promise<Blank[]> {
  const handle = await fsp.open(path, 'r+');
  try {
    const { size } = await handle.stat();
    const src: BoxSource = {
      size,
      read: async (offset, length) => {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        return buffer.subarray(0, bytesRead);
      },
    };
    const blanks = await findLocationMetadata(src);
    for (const blank of blanks) await handle.write(Buffer.alloc(blank.length), 0, blank.length, blank.offset);
    return blanks;
  } finally {
    await handle.close();
  }
}
