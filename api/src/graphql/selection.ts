import { Kind, type FieldNode, type FragmentDefinitionNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/**
 * Whether the operation asks, below the field being resolved, for any of `fields` at `path`
 * (field names, e.g. ['edges', 'node'] in a connection), through fragments and inline fragments
 * alike. Directives are not evaluated: a field under @skip counts as asked, so a caller that
 * reads ahead on this answer reads at most what it would have read anyway.
 *
 * Answers are remembered per field node: parsed documents are cached (Yoga's parser cache), so
 * each operation is walked once, not on every request. (A field node of a fragment spread in two
 * places is remembered with its first place's siblings: callers use the answer to read ahead, and
 * must stay correct, only slower, when it is wrong.)
 */
export function selectsAny(info: GraphQLResolveInfo, path: readonly string[], fields: readonly string[]): boolean {
  const key = `${path.join('.')}:${fields.join(',')}`;
  let memo = answers.get(info.fieldNodes[0]);
  if (!memo) answers.set(info.fieldNodes[0], (memo = new Map()));
  let answer = memo.get(key);
  if (answer === undefined) {
    answer = info.fieldNodes.some((node) => node.selectionSet !== undefined && within(node.selectionSet, path, new Set(fields), info.fragments));
    memo.set(key, answer);
  }
  return answer;
}

const answers = new WeakMap<FieldNode, Map<string, boolean>>();

function within(set: SelectionSetNode, path: readonly string[], fields: Set<string>, fragments: Record<string, FragmentDefinitionNode>): boolean {
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      if (path.length === 0) {
        if (fields.has(name)) return true;
      } else if (name === path[0] && selection.selectionSet && within(selection.selectionSet, path.slice(1), fields, fragments)) {
        return true;
      }
    } else {
      const inner = selection.kind === Kind.INLINE_FRAGMENT ? selection.selectionSet : fragments[selection.name.value]?.selectionSet;
      if (inner && within(inner, path, fields, fragments)) return true;
    }
  }
  return false;
}
