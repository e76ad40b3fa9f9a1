import { describe, expect, it } from 'vitest';
import { Kind, parse, type FieldNode, type FragmentDefinitionNode, type GraphQLResolveInfo, type OperationDefinitionNode } from 'graphql';
import { selectsAny } from '../../api/src/graphql/selection.js';

/** The resolve info of the operation's first field (`trips`), as the executor would hand it. */
function infoOf(document: string): GraphQLResolveInfo {
  const doc = parse(document);
  const operation = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(
    doc.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  return { fieldNodes: [operation.selectionSet.selections[0] as FieldNode], fragments } as unknown as GraphQLResolveInfo;
}

describe('selectsAny', () => {
  const asks = (document: string) => selectsAny(infoOf(document), ['edges', 'node'], ['members', 'memberCount']);

  it('finds the fields at the path, directly, through fragments and inline fragments', () => {
    expect(asks('{ trips { edges { node { id memberCount } } } }')).toBe(true);
    expect(asks('{ trips { edges { node { ...Card } } } } fragment Card on Trip { name ...People } fragment People on Trip { members { isOwner } }')).toBe(
      true,
    );
    expect(asks('{ trips { ... on TripConnection { edges { node { ... on Trip { members { isOwner } } } } } } }')).toBe(true);
  });

  it('does not count the names elsewhere', () => {
    expect(asks('{ trips { edges { node { id name } } } }')).toBe(false);
    expect(asks('{ trips { edges { cursor } members: pageInfo { hasNextPage } } }')).toBe(false);
    expect(asks('{ trips { edges { node { owner { memberCount: id } } } } }')).toBe(false);
  });
});
