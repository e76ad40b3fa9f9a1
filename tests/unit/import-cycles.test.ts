import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The API's modules form no import cycles (type-only imports excepted: they vanish at run time).
 * A cycle means two modules each need the other, usually because a rule sits on the wrong floor.
 */
const root = path.resolve('api/src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sources(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

function imports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+'(\.[^']+)'/gms)) {
    if (m[2]) continue;
    // `import { type A, type B } from` is type-only too.
    const names = m[3] ?? '';
    if (
      /^\{[^}]*\}$/s.test(names.trim()) &&
      names
        .replace(/[{}\s]/g, '')
        .split(',')
        .filter(Boolean)
        .every((n) => n.startsWith('type'))
    )
      continue;
    found.push(path.resolve(path.dirname(file), m[4]!.replace(/\.js$/, '.ts')));
  }
  for (const m of text.matchAll(/^\s*import\s+'(\.[^']+)'/gm)) found.push(path.resolve(path.dirname(file), m[1]!.replace(/\.js$/, '.ts')));
  return found.filter((f) => f.startsWith(root) && !f.includes(`${path.sep}generated${path.sep}`));
}

function cycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [f, imports(f)]));
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const next of graph.get(f) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next].map((p) => path.relative(root, p)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of files) if (!state.has(f)) visit(f);
  return found;
}

describe('api/src module graph', () => {
  it('has no import cycles', () => {
    expect(cycles(sources(root)).map((c) => c.join(' → '))).toEqual([]);
  });
});
