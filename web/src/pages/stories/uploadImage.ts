import { ApiError } from '../../platform/api';
import { StoryMessages } from '../../platform/domain';
import { sessionStore } from '../../platform/session';

/** Uploads a picture for a story; answers its address on this server. */
export async function uploadStoryImage(file: File): Promise<string> {
  const token = await sessionStore.accessToken();
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/backend/upload-story-image', { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(StoryMessages.saveFailed, 0);
  }
  const body = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
  if (!response.ok || !body.url) throw new ApiError(body.error ?? StoryMessages.saveFailed, response.status);
  return body.url;
}
