import { z } from 'zod';
import { route } from '../rest/kit.js';
import { PayloadTooLargeError, ValidationError } from '../platform/errors.js';
import { STORY_IMAGE_MAX_BYTES, StoryMessages as M, STORY_PAGE_MAX, BLOG_LIMIT } from './messages.js';
import { readStoryImage, uploadStoryImage } from './images.js';
import { deleteStory, listMyStories, listPublishedStories, readStory, recordStoryView, saveStory, setStoryStatus } from './service.js';
import { StatusSchema, type StoryInput } from './validation.js';
import type { StoryView } from './view.js';

/** A story as the REST rows answer it: the specification's snake_case names, enums in lower case. */
export function storyJson(s: StoryView) {
  return {
    id: s.id,
    author_id: s.authorId,
    author_name: s.authorName,
    title: s.title,
    city: s.city,
    intro: s.intro,
    tags: s.tags,
    status: s.status.toLowerCase(),
    slug: s.slug,
    cover_url: s.coverUrl,
    view_count: s.viewCount,
    published_at: s.publishedAt?.toISOString() ?? null,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

const sectionsJson = (s: StoryView) =>
  (s.sections ?? []).map((x) => ({
    id: x.id,
    story_id: s.id,
    section_type: x.sectionType.toLowerCase(),
    order_index: x.orderIndex,
    content: restContent(x.content),
  }));

/** Item pictures cross the wire as `image_url`, as every other REST name. */
function restContent(content: Record<string, unknown>): Record<string, unknown> {
  const items = (list: unknown) =>
    Array.isArray(list)
      ? list.map(({ imageUrl, ...i }: Record<string, unknown>) => ({ ...i, ...(imageUrl !== undefined ? { image_url: imageUrl } : {}) }))
      : list;
  return {
    ...content,
    ...(content.items ? { items: items(content.items) } : {}),
    ...(Array.isArray(content.lists) ? { lists: content.lists.map((l: Record<string, unknown>) => ({ ...l, items: items(l.items) })) } : {}),
  };
}
function fromRestContent(content: unknown): unknown {
  if (!content || typeof content !== 'object' || Array.isArray(content)) return content;
  const items = (list: unknown) =>
    Array.isArray(list)
      ? list.map((i) =>
          i && typeof i === 'object' && 'image_url' in i ? (({ image_url, ...rest }) => ({ ...rest, imageUrl: image_url }))(i as Record<string, unknown>) : i,
        )
      : list;
  const c = content as Record<string, unknown>;
  return {
    ...c,
    ...(c.items !== undefined ? { items: items(c.items) } : {}),
    ...(Array.isArray(c.lists)
      ? { lists: c.lists.map((l) => (l && typeof l === 'object' ? { ...(l as object), items: items((l as Record<string, unknown>).items) } : l)) }
      : {}),
  };
}

const anyValue = z.unknown().optional();
const SaveBody = z.object({
  id: z.string().min(1, 'id is required.').optional(),
  title: anyValue,
  city: anyValue,
  intro: anyValue,
  tags: anyValue,
  status: anyValue,
  cover_url: anyValue,
  sections: z.array(z.object({ section_type: anyValue, content: anyValue }), { error: 'sections must be a list of {section_type, content}.' }).optional(),
});

const limitOf = (raw: string | undefined, fallback: number) => {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > STORY_PAGE_MAX) throw new ValidationError(`limit must be a whole number from 1 to ${STORY_PAGE_MAX}.`, 'limit');
  return n;
};

/** The request's body, refused once it passes `max` bytes (whatever its Content-Length claims). */
async function readCapped(request: Request, max: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > max) throw new PayloadTooLargeError(max);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) {
    size += part.value.length;
    if (size > max) {
      await reader!.cancel();
      throw new PayloadTooLargeError(max);
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks);
}

/** The upload's picture: multipart form data with `file` (as upload-photo takes), or the image bytes themselves. */
async function uploadedBytes(request: Request): Promise<Uint8Array | null> {
  // The form's own framing comes on top of the picture.
  const body = await readCapped(request, STORY_IMAGE_MAX_BYTES + 64 * 1024);
  const type = request.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) return body.length ? body : null;
  let form: FormData;
  try {
    form = await new Response(body as BodyInit, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new ValidationError(M.noFile, 'file');
  }
  const file = form.get('file');
  return file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : null;
}

export const storyRoutes = [
  route({
    method: 'GET',
    path: '/stories',
    access: 'public',
    handle: async (ctx, { query }) => ({ stories: (await listPublishedStories(ctx, { limit: limitOf(query.limit, BLOG_LIMIT) })).map(storyJson) }),
  }),
  route({
    method: 'GET',
    path: '/story/:slugOrId',
    access: 'public',
    // Reading a story here counts as a view (once per reader per day): the story page reads it so.
    // The server's own read, to render that page, is no reader's.
    handle: async (ctx, { params }) => {
      const story = await readStory(ctx, params.slugOrId);
      const viewCount = story.status === 'PUBLISHED' && !ctx.serverRender ? await recordStoryView(ctx, story.id) : story.viewCount;
      return { story: { ...storyJson(story), view_count: viewCount }, sections: sectionsJson(story) };
    },
  }),
  route({
    method: 'POST',
    path: '/save-story',
    access: 'signedIn',
    signedOutMessage: M.signInToCreate,
    body: SaveBody,
    handle: async (ctx, { body }) => {
      const input: StoryInput = {
        title: body.title,
        city: body.city,
        intro: body.intro,
        tags: body.tags,
        status: body.status,
        coverUrl: body.cover_url,
        sections: body.sections?.map((s) => ({ sectionType: s.section_type, content: fromRestContent(s.content) })),
      };
      const story = await saveStory(ctx, body.id ?? null, input);
      return { story: storyJson(story), sections: sectionsJson(story) };
    },
  }),
  route({
    method: 'PUT',
    path: '/story-status/:id',
    access: 'signedIn',
    signedOutMessage: M.signInToView,
    body: z.object({ status: anyValue }),
    handle: async (ctx, { params, body }) => {
      const parsed = StatusSchema.safeParse(body.status);
      if (!parsed.success) throw new ValidationError(M.invalidStatus, 'status');
      return { story: storyJson(await setStoryStatus(ctx, params.id, parsed.data)) };
    },
  }),
  route({
    method: 'GET',
    path: '/my-stories/:userId',
    access: 'signedIn',
    signedOutMessage: M.signInToView,
    handle: async (ctx, { params, query }) => {
      const status = query.status && query.status !== 'all' ? StatusSchema.safeParse(query.status) : null;
      if (status && !status.success) throw new ValidationError(M.invalidStatus, 'status');
      const stories = await listMyStories(ctx, params.userId, { status: status?.data ?? null, limit: STORY_PAGE_MAX });
      return { stories: stories.map(storyJson) };
    },
  }),
  route({
    method: 'DELETE',
    path: '/delete-story/:id',
    access: 'signedIn',
    signedOutMessage: M.signInToView,
    handle: async (ctx, { params }) => ({ success: true, id: (await deleteStory(ctx, params.id)).id }),
  }),
  route({
    method: 'POST',
    path: '/upload-story-image',
    access: 'signedIn',
    signedOutMessage: M.signInToCreate,
    status: 201,
    rawBody: true,
    handle: async (ctx, { request }) => {
      const image = await uploadStoryImage(ctx, await uploadedBytes(request));
      return { url: image.url, mime_type: image.mimeType, file_size: image.size };
    },
  }),
  route({
    method: 'GET',
    path: '/story-image/:file',
    access: 'public',
    handle: async (ctx, { params }) => {
      const image = await readStoryImage(ctx, params.file);
      // A stored picture never changes under its name; a pending one is its uploader's alone.
      const cache = image.pending ? 'private, no-store' : 'public, max-age=31536000, immutable';
      return new Response(image.bytes as BodyInit, {
        headers: { 'Content-Type': image.mimeType, 'Cache-Control': cache, 'X-Content-Type-Options': 'nosniff' },
      });
    },
  }),
];
