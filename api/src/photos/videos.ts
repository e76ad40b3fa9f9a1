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
 * track's media header). Null when the container cannot be read or names no length (a damaged
 * file, a header that lies, or a WebM written live without its Duration element).
 */
export async function readVideoDuration(path: string, type: VideoType): Promise<number | null> {
  let format;
  try {
    ({ format } = await parseFile(path, { duration: true, skipCovers: true, skipPostHeaders: true, mimeType: type } as Parameters<typeof parseFile>[1]));
  } catch {
    return null;
  }
  const tracks = (format.trackInfo ?? []).map((t) => t.duration ?? 0);
  const seconds = format.duration && format.duration > 0 ? format.duration : Math.max(0, ...tracks);
  return Number.isFinite(seconds) && seconds > 0 && seconds <= VIDEO_MAX_SECONDS ? Math.round(seconds * 1000) / 1000 : null;
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
