import { Kind, visit, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { cleanInput, cleanText } from '../platform/text.js';

/**
 * GraphQL's side of the text rule REST bodies follow (rest/respond.ts): variables and the
 * string literals written in the document are cleaned of control characters before any
 * resolver sees them. (The WebSocket server cleans its variables itself; its documents come
 * through the same parse hook.)
 */
export function cleanInputPlugin(): Plugin {
  return {
    onParams({ params, setParams }) {
      if (params.variables) setParams({ ...params, variables: cleanInput(params.variables) });
    },
    onParse() {
      return ({ result, replaceParseResult }) => {
        if (result && typeof result === 'object' && 'kind' in result && result.kind === Kind.DOCUMENT) {
          replaceParseResult(cleanLiterals(result as DocumentNode));
        }
      };
    },
  };
}

/** Yoga hands over the same parsed document for the same text (its parse cache): clean each once. */
const cleaned = new WeakMap<DocumentNode, DocumentNode>();

function cleanLiterals(document: DocumentNode): DocumentNode {
  let clean = cleaned.get(document);
  if (!clean) {
    clean = visit(document, {
      StringValue(node) {
        const value = cleanText(node.value);
        return value === node.value ? undefined : { ...node, value };
      },
    });
    cleaned.set(document, clean);
  }
  return clean;
}
