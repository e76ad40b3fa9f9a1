import { useState } from 'react';
import { ApiError, errorMessage } from '../../platform/api';
import { StoryMessages } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { isOnline, NEEDS_NETWORK } from '../../platform/offline/network';
import { sessionStore } from '../../platform/session';

/** Uploads a picture for a story; answers its address on this server. */
export async function uploadStoryImage(file: File): Promise<string> {
  if (!isOnline()) throw new ApiError(NEEDS_NETWORK, 0);
  const token = await sessionStore.accessToken();
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/backend/upload-story-image', { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(isOnline() ? StoryMessages.saveFailed : NEEDS_NETWORK, 0);
  }
  const body = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
  if (!response.ok || !body.url) throw new ApiError(body.error ?? StoryMessages.saveFailed, response.status);
  return body.url;
}

/** The picture types the upload row takes, for a file chooser's `accept`. */
export const IMAGE_TYPES = 'image/jpeg,image/png,image/gif,image/webp';

/**
 * A file chooser's upload: `pick` uploads the chosen picture and hands its address to
 * `onUploaded`; a refusal shows as a notice; `uploading` is true meanwhile.
 */
export function useImageUpload(onUploaded: (url: string) => void) {
  const [uploading, setUploading] = useState(false);
  const pick = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      onUploaded(await uploadStoryImage(file));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setUploading(false);
    }
  };
  return { uploading, pick };
}
