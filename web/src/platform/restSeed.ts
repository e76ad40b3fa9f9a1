/**
 * REST answers a page was rendered with on the server (api/src/server/livePages.ts), by request
 * path, so the browser's first render shows the same data without asking for it and hydrates
 * the server's markup as it is (platform/restData.ts's useRestData starts from them). In the
 * browser: the document's JSON data block (a block that never runs, so the CSP has nothing to
 * allow); on the server: what seedRestAnswers was given for the render.
 */

/** The id of the data block. */
export const EMBEDDED_REST_ID = 'rest-data';

/** What the server answered a signed-out GET of the path: 200 with its body, or 404. */
export type RestAnswer = { status: 200; body: unknown } | { status: 404 };

let answers: Record<string, RestAnswer> | null = typeof document === 'undefined' ? null : readEmbedded();

function readEmbedded(): Record<string, RestAnswer> | null {
  const block = document.getElementById(EMBEDDED_REST_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as Record<string, RestAnswer>;
  } catch {
    return null;
  }
}

/** The answer the page came with for `path`, if any. */
export const seededAnswer = (path: string): RestAnswer | undefined => (answers && Object.hasOwn(answers, path) ? answers[path] : undefined);

/** The same, used up: a later visit to the page (in this tab) asks the server afresh. */
export function takeSeededAnswer(path: string): RestAnswer | undefined {
  const answer = seededAnswer(path);
  if (answer) delete answers![path];
  return answer;
}

/** Server rendering (web/src/prerender.tsx): the next render reads these answers. */
export function seedRestAnswers(seed: Record<string, RestAnswer> | null) {
  answers = seed;
}
