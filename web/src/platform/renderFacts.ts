/**
 * What a signed-in page's server render assumed of its reader (issue 27 point 12): who they are,
 * their time zone and the instant it rendered at. The server (web/src/prerender.tsx) sets them
 * for each render; the browser reads the same from the document's data block
 * (api/src/server/pageGuard.ts), and hydrates with them so its first render is the server's
 * markup. After hydration they are cleared: the reader's own clock and session take over.
 *
 * `readerNow`, `readerLocale` and `clientTimeZone` (timeZone.ts) read them, and so does everything
 * that shows a date, a "3 hours ago" or a "today": nothing in a render reads Date.now() or the runtime's own
 * zone directly (on the server that would be the server's).
 */
import { RENDER_FACTS_ID } from '../../../api/src/server/pageGuard';
import type { SessionUser } from './session';

export interface RenderFacts {
  viewer: SessionUser;
  timeZone: string;
  /** The reader's language (navigator.language), which dates and times are written in. */
  locale: string;
  /** Milliseconds since the epoch. */
  now: number;
}

let facts: RenderFacts | null = typeof document === 'undefined' ? null : readEmbedded();
/**
 * The reader this document was rendered for, kept after the facts are cleared: the page's own
 * content is a Suspense boundary that React may adopt after the root (whose effect clears the
 * facts), and it must still see the reader the server rendered it for (SessionProvider.tsx).
 */
const documentReader: SessionUser | null = facts?.viewer ?? null;

function readEmbedded(): RenderFacts | null {
  const block = document.getElementById(RENDER_FACTS_ID);
  if (!block?.textContent) return null;
  try {
    const parsed = JSON.parse(block.textContent) as RenderFacts;
    return typeof parsed?.viewer?.id === 'string' && typeof parsed.timeZone === 'string' && typeof parsed.locale === 'string' && typeof parsed.now === 'number'
      ? parsed
      : null;
  } catch {
    return null;
  }
}

/** The facts of the render in progress (server) or being hydrated (browser), else null. */
export const renderFacts = (): RenderFacts | null => facts;

/** The reader of the render in progress, or of the one this document holds (null when neither). */
export const renderedReader = (): SessionUser | null => facts?.viewer ?? documentReader;

/** Server rendering: the next render's facts (null after it). */
export function setRenderFacts(value: RenderFacts | null) {
  facts = value;
}

/** The browser, once hydrated (or when it renders from scratch instead). */
export function clearRenderFacts() {
  facts = null;
}

/** The reader's language as a render should write in it: the server render's while it renders or hydrates. */
export const readerLocale = (): string => facts?.locale ?? (typeof navigator === 'undefined' ? 'en-US' : navigator.language || 'en-US');

/** "Now" as a render should see it: the server render's instant while it renders or hydrates. */
export const readerNow = (): number => facts?.now ?? Date.now();
