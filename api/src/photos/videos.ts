import fsp from 'node:fs/promises';
import { parseFile } from 'music-metadata';
import sharp from 'sharp';
import type { VideoType } from './fileType.js';
import { formatDuration, VIDEO_MAX_SECONDS } from './messages.js';

/** The stored video file's extension, by its type (the media route tells its type from it). */
export const VIDEO_EXTENSIONS: Record<VideoType, string> = { 'video/mp4': 'mp4', 'video/quicktime': 'mov', 'video/webm': 'webm' };

export const isVideoType = (type: string): type is VideoType => type in VIDEO_EXTENSIONS;

/**
 * A video's length in seconds, read from its container by music-metadata (a pure-JavaScript
 * reader of MP4/QuickTime and Matroska/WebM headers; the samples are never decoded): the
 * container's duration when it gives one (files with sound), else the longest track's (a
 * track's media header), else, for a WebM recorded live without a Duration element, its last
 * block's time (`webmDurationFromClusters`). Null when the container cannot be read or names no
 * length (a damaged file, or a header that lies).
 */
export async function readVideoDuration(path: string, type: VideoType): Promise<number | null> {
  let format;
  try {
    ({ format } = await parseFile(path, { duration: true, skipCovers: true, skipPostHeaders: true, mimeType: type } as Parameters<typeof parseFile>[1]));
  } catch {
    return null;
  }
  const tracks = (format.trackInfo ?? []).map((t) => t.duration ?? 0);
  let seconds = format.duration && format.duration > 0 ? format.duration : Math.max(0, ...tracks);
  // A WebM recorded live (a browser's MediaRecorder) names no Duration: its clusters tell.
  if (!seconds && type === 'video/webm' && format.container?.includes('webm')) seconds = (await webmDurationOf(path)) ?? 0;
  return Number.isFinite(seconds) && seconds > 0 && seconds <= VIDEO_MAX_SECONDS ? Math.round(seconds * 1000) / 1000 : null;
}

/** `webmDurationFromClusters` over the file at `path`. */
async function webmDurationOf(path: string): Promise<number | null> {
  const handle = await fsp.open(path, 'r');
  try {
    const { size } = await handle.stat();
    const read = async (offset: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    };
    return await webmDurationFromClusters(read, size);
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

/**
 * The poster of a video sent without one: a 1280 × 720 card with a play symbol and the length,
 * drawn from SVG by sharp (no video decoder runs on the server). PNG bytes, re-encoded afterwards
 * like any photo.
 */
export async function posterCard(seconds: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1c2541"/><stop offset="1" stop-color="#3a506b"/></linearGradient></defs>
  <rect width="1280" height="720" fill="url(#g)"/>
  <circle cx="640" cy="330" r="120" fill="#ffffff" fill-opacity="0.92"/>
  <path d="M600 260 L600 400 L720 330 Z" fill="#1c2541"/>
  <text x="640" y="560" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="bold" fill="#ffffff" text-anchor="middle">${formatDuration(seconds)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

// Matroska element IDs (as written, marker bits included) the cluster walk needs.
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
/** Elements whose children are walked in place (the walk is flat: a child follows its parent's header). */
const WALK_INTO = new Set([SEGMENT, INFO, CLUSTER, BLOCK_GROUP]);

/** An EBML variable-length number at `at`: its value (null for "unknown") and its length; null when malformed. */
function vint(bytes: Buffer, at: number, keepMarker: boolean): { value: number | null; length: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23; // leading zeros within the byte, plus one
  if (at + length > bytes.length || length > 8) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    if (bytes[at + i] !== 0xff) allOnes = false;
  }
  return { value: !keepMarker && allOnes ? null : value, length };
}

/**
 * A WebM's length from its clusters, for files written live (a browser's MediaRecorder) that
 * carry no Duration element: the last block's time (its cluster's timecode plus its own offset)
 * in the segment's timecode scale. Reads element headers and the few bytes of each block's
 * timing only, through `read`; null when the file does not parse or holds no block.
 */
export async function webmDurationFromClusters(read: (offset: number, length: number) => Promise<Buffer>, size: number): Promise<number | null> {
  let scale = 1_000_000;
  let clusterTime = 0;
  let last = -1;
  // The EBML header: skipped whole.
  const first = await read(0, 12);
  const headerId = vint(first, 0, true);
  const headerSize = headerId && vint(first, headerId.length, false);
  if (!headerId || !headerSize || headerSize.value === null) return null;
  let at = headerId.length + headerSize.length + headerSize.value;
  while (at < size) {
    const head = await read(at, 16);
    const id = vint(head, 0, true);
    const len = id && vint(head, id.length, false);
    if (!id || !len) return null;
    const dataAt = at + id.length + len.length;
    if (WALK_INTO.has(id.value!)) {
      at = dataAt;
      continue;
    }
    if (len.value === null) return null; // only the containers above may have an unknown size
    if (id.value === TIMECODE_SCALE || id.value === CLUSTER_TIMECODE) {
      const data = await read(dataAt, Math.min(len.value, 8));
      const value = data.length ? Number(data.readUIntBE(0, Math.min(data.length, 6))) : 0;
      if (id.value === TIMECODE_SCALE) scale = value || scale;
      else clusterTime = value;
    } else if (id.value === SIMPLE_BLOCK || id.value === BLOCK) {
      const data = await read(dataAt, 12);
      const track = vint(data, 0, false);
      if (track && data.length >= track.length + 2) last = Math.max(last, clusterTime + data.readInt16BE(track.length));
    }
    at = dataAt + len.value;
  }
  return last > 0 ? (last * scale) / 1e9 : null;
}
