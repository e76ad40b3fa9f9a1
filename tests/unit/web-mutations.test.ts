import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, getNamedType, isAbstractType, parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';

/**
 * Every mutation the web app sends reads its typed error through the one `ErrorFields_error`
 * fragment (web/src/platform/relay/ErrorFields.ts), so a ValidationError's field and fieldErrors
 * reach `payloadOutcome` / `formErrors` wherever the server sends them, not only on some screens.
 */
const root = path.resolve('web/src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '__generated__' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The `graphql` documents of a file that are mutations. */
const mutationsOf = (text: string) => [...text.matchAll(/graphql`\s*(mutation\s+\w+[\s\S]*?)`/g)].map((m) => m[1]!);

describe('web mutations', () => {
  const all = sources(root).flatMap((file) => mutationsOf(fs.readFileSync(file, 'utf8')).map((doc) => ({ file: path.relative(root, file), doc })));

  it('are found', () => {
    expect(all.length).toBeGreaterThan(60);
  });

  it('read every typed error through ErrorFields_error', () => {
    const readByHand = all
      .filter(({ doc }) => [...doc.matchAll(/\.\.\. on Error \{\s*([^\s}]+)/g)].some((m) => !m[1]!.startsWith('...ErrorFields_error')))
      .map(({ file, doc }) => `${file}: ${/mutation\s+(\w+)/.exec(doc)![1]}`);
    expect(readByHand).toEqual([]);
  });

  it('ask for the typed error wherever their field can answer one', () => {
    const schema = buildSchema(fs.readFileSync('schema.graphql', 'utf8'));
    const mutation = schema.getMutationType()!;
    const error = schema.getType('Error')!;
    const silent = all.filter(({ doc }) => {
      const op = parse(doc.replace(/@relay\([^)]*\)/g, '')).definitions[0] as OperationDefinitionNode;
      return op.selectionSet.selections.some((sel) => {
        if (sel.kind !== 'Field') return false;
        const type = getNamedType(mutation.getFields()[sel.name.value]!.type);
        const canFail = isAbstractType(type) && schema.getPossibleTypes(type).some((t) => t.getInterfaces().includes(error as never));
        return canFail && !doc.includes('ErrorFields_error');
      });
    });
    expect(silent.map(({ file }) => file)).toEqual([]);
  });
});
