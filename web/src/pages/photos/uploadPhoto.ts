/**
 * One photo's way to the server: checked here first (the server checks again, from the bytes),
 * made smaller when it is over 10 MB, then sent with XMLHttpRequest so its progress can be shown.
 */
import { PHOTO_LIMITS, PhotoMessages, fillPhotoMessage, megabytes } from '../../platform/domain';
import { sessionStore } from '../../platform/session';
import { tripIdOf } from '../trips/ids';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const HEIC = /\.(heic|heif)$/i;

/** The refusal the server would give, when the browser can already tell; null when it may go. */
export function precheck(file: File): string | null {
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

export type UploadResult = { ok: true; photoId: string } | { ok: false; message: string };

/** Sends one file to the trip (its Relay id); `onProgress` hears the fraction sent (0 to 1). */
export async function sendPhoto(tripId: string, file: File, onProgress: (fraction: number) => void): Promise<UploadResult> {
  const blob = await compressIfLarge(file);
  const token = await sessionStore.accessToken();
  const form = new FormData();
  form.append('trip_id', tripIdOf(tripId));
  form.append('file', blob, file.name);
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
    xhr.onerror = () => resolve({ ok: false, message: PhotoMessages.uploadFailed });
    xhr.send(form);
  });
}
