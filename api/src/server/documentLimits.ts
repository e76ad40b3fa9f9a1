import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';

/**
 * Limits on the shape of a GraphQL document, checked while it is parsed and validated, before
 * anything runs. The token limit comes first: it stops the parser itself, so a document of
 * thousands of aliases or nested selections costs a few milliseconds to refuse instead of
 * seconds of validation (which grows with the square of repeated fields).
 *
 * The web app's largest operation today has about 260 tokens, 9 levels and no aliases; by cost
 * it is the trip's Decide tab (ideas with their voters and comments, polls with their options
 * and answers: 71,340 as graphql-armor counts it, deep fields weighing most). The limits leave
 * room for the screens to come and little for abuse.
 */
export const DOCUMENT_LIMITS = {
  tokens: 3000,
  aliases: 30,
  depth: 14,
  directives: 50,
  cost: 100_000,
} as const;

export function documentLimitPlugins() {
  return [
    maxTokensPlugin({ n: DOCUMENT_LIMITS.tokens }),
    maxAliasesPlugin({ n: DOCUMENT_LIMITS.aliases }),
    maxDepthPlugin({ n: DOCUMENT_LIMITS.depth, ignoreIntrospection: true, flattenFragments: true }),
    maxDirectivesPlugin({ n: DOCUMENT_LIMITS.directives }),
    costLimitPlugin({ maxCost: DOCUMENT_LIMITS.cost, ignoreIntrospection: true, flattenFragments: true }),
  ];
}
