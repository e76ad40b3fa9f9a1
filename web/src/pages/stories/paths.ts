import { nodeId } from '../../platform/globalId';

/** Where a story is read: by its slug (its id works too). */
export const storyPath = (slug: string) => `/blog/stories/${encodeURIComponent(slug)}`;
/** Where its author edits it: by its global id. */
export const editStoryPath = (id: string) => `/blog/edit/${encodeURIComponent(id)}`;
/** A story's global id (GraphQL's) from its id as REST answers it. */
export const storyNodeId = (uuid: string) => nodeId('Story', uuid);
export const MY_STORIES_PATH = '/dashboard/my-stories';
/** What a story without a cover shows, served by the product. */
export const FALLBACK_COVER = '/story-cover.svg';
