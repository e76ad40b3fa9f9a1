import fs from 'node:fs';
import path from 'node:path';
import { parse, type DocumentNode } from 'graphql';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { Logger } from '../platform/logger.js';

/**
 * The web app's GraphQL documents, persisted by relay-compiler (relay.config.js, persistConfig):
 * id (MD5 of the text) → text. The app sends `{ documentId, variables }` instead of the text; the
 * server parses each document once and skips its validation (the compiler validated it against
 * this schema, and the map is built with the schema it serves). Any other document, GraphiQL's
 * included, is still served as before: parsed, validated and held to the document limits.
 */
export const PERSISTED_DOCUMENTS_FILE = path.resolve('web/src/__generated__/persisted-documents.json');

export interface PersistedDocuments {
  /** How many documents the map holds (0 without a map: only documents sent as text are served). */
  size: number;
  text(id: string): string | null;
  document(id: string): DocumentNode | null;
}

export function loadPersistedDocuments(logger?: Logger, file = PERSISTED_DOCUMENTS_FILE): PersistedDocuments {
  let texts: Record<string, string> = {};
  try {
    texts = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  } catch (err) {
    logger?.warn({ err: (err as Error).message, file }, 'no persisted documents (run relay-compiler): the web app cannot query by id');
  }
  const parsed = new Map<string, DocumentNode>();
  const text = (id: string) => (Object.hasOwn(texts, id) && typeof texts[id] === 'string' ? texts[id] : null);
  return {
    size: Object.keys(texts).length,
    text,
    document(id) {
      let document = parsed.get(id);
      if (!document) {
        const source = text(id);
        if (source === null) return null;
        parsed.set(id, (document = parse(source)));
      }
      return document;
    },
  };
}

/** The id a request names: `documentId` beside `variables` (as the web app sends it), over HTTP or WebSocket. */
export function documentIdOf(params: object): string | null {
  const id = (params as { documentId?: unknown }).documentId;
  return typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : null;
}

export const UNKNOWN_DOCUMENT_MESSAGE = 'Unknown document id: reload the page to use the current version of the app.';

/** Yoga's persisted-operations plugin over the map: ids for the app, text for everyone else. */
export function persistedDocumentsPlugin(documents: PersistedDocuments) {
  return usePersistedOperations({
    allowArbitraryOperations: true,
    extractPersistedOperationId: (params) => documentIdOf(params),
    getPersistedOperation: (id) => documents.document(id),
    skipDocumentValidation: true,
    customErrors: {
      notFound: { message: UNKNOWN_DOCUMENT_MESSAGE, extensions: { code: 'PERSISTED_QUERY_NOT_FOUND', http: { status: 400 } } },
      // Neither text nor id: what Yoga answers without the plugin.
      keyNotFound: { message: 'Must provide query string.', extensions: { code: 'BAD_REQUEST', http: { status: 400 } } },
    },
  });
}
