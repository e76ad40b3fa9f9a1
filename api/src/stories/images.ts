import { randomUUID } from 'node:crypto';
import { Prisma } from '../generated/prisma/client.js';
import { requireViewer, type AppDeps, type RequestContext } from '../platform/context.js';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../platform/errors.js';
import type { Tx } from '../platform/outbox.js';
import { sniffImageType, SNIFF_BYTES } from '../photos/fileType.js';
import { ImageTooLargeError, processImage, STORED_TYPE, tooManyPixels } from '../photos/images.js';
import { STORY_IMAGE_MAX_BYTES, StoryMessages as M } from './messages.js';
import { STORY_IMAGE_FILE, STORY_IMAGE_PATH } from './storyFields.js';

/**
 * Story covers and item pictures. They are stored by the product (the storage interface) and
 * served from its own address, so a story never hot-links someone else's image and a shared
 * link keeps working. A picture is pending until a saved story of its uploader references it:
 * meanwhile only the uploader sees it (by account, or the browser's reader cookie, which the
 * editor's <img> carries), and a day later it is swept unless a guide mentions it. A story's
 * pictures are public with the story (random, unguessable names); they go with it, or when it
 * stops using them (the row's trigger queues the file for removal).
 */

const TYPES = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' } as const;
type Ext = keyof typeof TYPES;

/** How long a picture no saved story uses is kept. */
export const PENDING_IMAGE_TTL_MS = 24 * 60 * 60 * 1000;

/** The file names of our story pictures that a story's fields mention. */
export function storyImageFiles(fields: unknown): string[] {
  const names = JSON.stringify(fields ?? null).match(/\/api\/backend\/story-image\/([0-9a-f-]{36}\.(?:jpg|png|gif|webp))/g) ?? [];
  return [...new Set(names.map((n) => n.slice(STORY_IMAGE_PATH.length)))];
}

/**
 * Within a story's save: the uploader's pending pictures it now uses become the story's, and
 * those it no longer uses go (their files are queued for removal by the row's trigger).
 */
export async function attachStoryImages(tx: Tx, storyId: string, uploaderId: string, fields: unknown): Promise<void> {
  const files = storyImageFiles(fields);
  if (files.length) {
    await tx.storyImage.updateMany({ where: { file: { in: files }, storyId: null, uploaderId }, data: { storyId } });
  }
  await tx.storyImage.deleteMany({ where: { storyId, file: { notIn: files } } });
}

/** Pictures pending for longer than the TTL that no guide mentions go; answers how many. */
export async function sweepPendingStoryImages(deps: AppDeps, now = new Date()): Promise<number> {
  return deps.db.prisma.$executeRaw(Prisma.sql`
    DELETE FROM story_images i WHERE i.story_id IS NULL AND i.created_at < ${new Date(now.getTime() - PENDING_IMAGE_TTL_MS)}
      AND NOT EXISTS (SELECT 1 FROM guides g WHERE g::text LIKE '%' || i.file || '%')`);
}

/** Stores an uploaded picture of the signed-in author; answers its address. */
export async function uploadStoryImage(ctx: RequestContext, bytes: Uint8Array | null): Promise<{ url: string; mimeType: string; size: number }> {
  const viewer = requireViewer(ctx);
  if (!bytes || bytes.length === 0) throw new ValidationError(M.noFile, 'file');
  if (bytes.length > STORY_IMAGE_MAX_BYTES) throw new PayloadTooLargeError(STORY_IMAGE_MAX_BYTES);
  // What the bytes are, not what the browser said (HEIC is refused: it cannot be decoded here).
  const type = sniffImageType(bytes.subarray(0, SNIFF_BYTES));
  if (!type || type === 'heic') throw new ValidationError(M.notAnImage, 'file');
  // A story is public: its pictures go through the photos' pipeline before anyone sees them,
  // turned upright, resized to the display size and re-encoded, so no EXIF (a phone's GPS
  // position, its serial number) leaves with them. Only the display copy is kept.
  let display: Buffer;
  try {
    display = (await processImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))).display;
  } catch (err) {
    if (err instanceof ImageTooLargeError) throw new ValidationError(tooManyPixels('This picture', err), 'file');
    throw new ValidationError(M.notAnImage, 'file');
  }
  const file = `${randomUUID()}.webp`;
  // The row first: a file is never in storage without the row that will sweep it.
  await ctx.deps.db.prisma.storyImage.create({ data: { file, uploaderId: viewer.id, uploaderReader: ctx.readerId ?? null } });
  await ctx.deps.storage.put(`stories/${file}`, display);
  return { url: STORY_IMAGE_PATH + file, mimeType: STORED_TYPE, size: display.length };
}

/**
 * A stored story image by its file name, with its type and whether it is still pending (then
 * only its uploader gets it, and it must not be cached by anyone else). A file from before
 * pictures had rows is served as it always was.
 */
export async function readStoryImage(ctx: RequestContext, file: string): Promise<{ bytes: Uint8Array; mimeType: string; pending: boolean }> {
  const match = STORY_IMAGE_FILE.exec(file);
  if (!match) throw new NotFoundError('Image not found.');
  const row = await ctx.deps.db.prisma.storyImage.findUnique({ where: { file }, select: { uploaderId: true, uploaderReader: true, storyId: true } });
  const pending = row !== null && row.storyId === null;
  if (row && pending) {
    const mine = (ctx.viewer !== null && ctx.viewer.id === row.uploaderId) || (!!ctx.readerId && ctx.readerId === row.uploaderReader);
    if (!mine && !(await mentionedByGuide(ctx, file))) throw new NotFoundError('Image not found.');
  }
  const bytes = await ctx.deps.storage.read(`stories/${file}`);
  if (!bytes) throw new NotFoundError('Image not found.');
  return { bytes, mimeType: TYPES[match[1] as Ext], pending };
}

/** Whether a guide's content names the picture (the guide editor uploads through here too). */
async function mentionedByGuide(ctx: RequestContext, file: string): Promise<boolean> {
  const rows = await ctx.deps.db.prisma.$queryRaw<{ hit: boolean }[]>(
    Prisma.sql`SELECT EXISTS (SELECT 1 FROM guides g WHERE g::text LIKE ${`%${file}%`}) AS hit`,
  );
  return rows[0]?.hit === true;
}

/** The picture a story without a cover shows (a file of the web app). */
export const FALLBACK_COVER_PATH = '/story-cover.svg';
/**
 * The same picture as a JPEG, 1200×675, for link previews: the services that draw a shared
 * link's card (chat apps, social networks) do not draw SVG, so the preview needs a raster.
 */
export const FALLBACK_PREVIEW_PATH = '/story-cover.jpg';
