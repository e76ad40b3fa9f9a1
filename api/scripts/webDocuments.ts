import { loadPersistedDocuments } from '../src/server/persistedDocuments.js';

/**
 * The web app's compiled Relay operations, as the scripts send them: the artifact carries only
 * the persisted id (relay.config.js, persistConfig), the text is in relay-compiler's map. Both
 * exist once `relay-compiler` has run (`npm run bench` and `npm run load` run it first).
 */
export interface WebDocument {
  id: string;
  text: string;
}

export async function webDocument(operation: string): Promise<WebDocument> {
  let params: { id?: string | null; text?: string | null };
  try {
    params = ((await import(`../../web/src/__generated__/${operation}.graphql.js`)) as { default: { params: typeof params } }).default.params;
  } catch {
    throw new Error(`web/src/__generated__/${operation}.graphql.ts is missing: run relay-compiler first`);
  }
  const text = params.text ?? (params.id ? loadPersistedDocuments().text(params.id) : null);
  if (!params.id || !text) throw new Error(`${operation} has no persisted id or text: run relay-compiler first`);
  return { id: params.id, text };
}
