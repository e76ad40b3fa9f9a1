/**
 * One photo's or video's way to the server: checked here first (the server checks again, from
 * the bytes), a photo made smaller when it is over 10 MB, a video sent with a poster frame the
 * browser draws from it, then sent with XMLHttpRequest so its progress can be shown.
 */
import { PHOTO_LIMITS, PhotoMessages, fillPhotoMessage, megabytes } from '../../platform/domain';
import { isOnline, NEEDS_NETWORK } from '../../platform/offline/network';
import { sessionStore } from '../../platform/session';
import { tripIdOf } from '../trips/ids';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];
const HEIC = /\.(heic|heif)$/i;
/** Some systems give a video no type; its name then tells. */
const VIDEO_NAME = /\.(mp4|m4v|mov|webm)$/i;

/** Whether the file is a video the album takes (the server tells for sure, from its bytes). */
export const isVideo = (file: File) => VIDEO_TYPES.includes(file.type) || (!file.type && VIDEO_NAME.test(file.name));

/**
 * The refusal the server would give, when the browser can already tell; null when it may go.
 * A video's size is the server's to judge (its limit is the server's configuration).
 */
export function precheck(file: File): string | null {
  if (isVideo(file)) return null;
  if (file.type.startsWith('video/')) return fillPhotoMessage(PhotoMessages.videoNotSupported, { name: file.name });
  if (HEIC.test(file.name) || /image\/hei[cf]/.test(file.type)) return fillPhotoMessage(PhotoMessages.heic, { name: file.name });
  if (!ACCEPTED.includes(file.type)) return fillPhotoMessage(PhotoMessages.notImage, { name: file.name });
  if (file.size > PHOTO_LIMITS.fileBytes) return fillPhotoMessage(PhotoMessages.tooLarge, { name: file.name, size: megabytes(file.size) });
  return null;
}

/** A file over 10 MB redrawn at most 1920 px wide as a JPEG of quality 0.7; smaller ones as they are. */
export async function compressIfLarge(file: File): Promise<Blob> {
  if (file.size <= PHOTO_LIMITS.compressAboveBytes || file.type === 'image/gif') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, PHOTO_LIMITS.compressWidth / bitmap.width);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_LIMITS.compressQuality));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    // A browser that cannot decode it sends it as it is; the server has the last word.
    return file;
  }
}

/** How long a poster frame may take before the video goes without one (the server then draws a card). */
const POSTER_WAIT_MS = 8000;
const POSTER_WIDTH = 1280;

/**
 * A poster frame for a video: the file loaded in a hidden <video>, moved to about one second in
 * (or halfway, for a shorter one), drawn on a canvas and taken as a JPEG. Null when this browser
 * cannot decode it (a codec it lacks) or it takes too long; the server then draws a card.
 */
export async function capturePoster(file: Blob): Promise<Blob | null> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    return await new Promise<Blob | null>((resolve) => {
      const timer = window.setTimeout(() => resolve(null), POSTER_WAIT_MS);
      const done = (blob: Blob | null) => {
        window.clearTimeout(timer);
        resolve(blob);
      };
      video.onerror = () => done(null);
      video.onloadedmetadata = () => {
        const duration = Number.isFinite(video.duration) ? video.duration : 0;
        video.currentTime = Math.min(1, duration / 2);
      };
      video.onseeked = () => {
        if (!video.videoWidth || !video.videoHeight) return done(null);
        const scale = Math.min(1, POSTER_WIDTH / video.videoWidth);
        const canvas = document.createElement('canvas');
        canvas.width = Math.round(video.videoWidth * scale);
        canvas.height = Math.round(video.videoHeight * scale);
        canvas.getContext('2d')!.drawImage(video, 0, 0, canvas.width, canvas.height);
        canvas.toBlob(done, 'image/jpeg', 0.85);
      };
      video.src = url;
    });
  } catch {
    return null;
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

export type UploadResult = { ok: true; photoId: string } | { ok: false; message: string };

/** Sends one file to the trip (its Relay id); `onProgress` hears the fraction sent (0 to 1). */
export async function sendPhoto(tripId: string, file: File, onProgress: (fraction: number) => void): Promise<UploadResult> {
  // Uploads are not kept for later: offline, said at once (platform/offline).
  if (!isOnline()) return { ok: false, message: NEEDS_NETWORK };
  const video = isVideo(file);
  const blob = video ? file : await compressIfLarge(file);
  const poster = video ? await capturePoster(file) : null;
  const token = await sessionStore.accessToken();
  const form = new FormData();
  form.append('trip_id', tripIdOf(tripId));
  form.append('file', blob, file.name);
  if (poster) form.append('poster', poster, 'poster.jpg');
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/backend/upload-photo');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: { photo?: { id: string }; error?: string };
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = {};
      }
      if (xhr.status === 201 && body.photo) {
        onProgress(1);
        resolve({ ok: true, photoId: body.photo.id });
      } else if (xhr.status === 413) {
        resolve({ ok: false, message: body.error ?? fillPhotoMessage(PhotoMessages.tooLarge, { name: file.name, size: megabytes(file.size) }) });
      } else resolve({ ok: false, message: body.error ?? PhotoMessages.uploadFailed });
    };
    xhr.onerror = () => resolve({ ok: false, message: isOnline() ? PhotoMessages.uploadFailed : NEEDS_NETWORK });
    xhr.send(form);
  });
}
