import { describe, expect, it } from 'vitest';
import { computeChunkGroups, type GraphChunk } from '../../web/scripts/chunkGroups.js';

/** A chunk named after its one module, with the files it imports. */
const chunk = (name: string, imports: string[] = [], dynamicImports: string[] = [], isEntry = false): GraphChunk => ({
  fileName: `${name}.js`,
  name,
  isEntry,
  moduleIds: [`/src/${name}`],
  imports: imports.map((n) => `${n}.js`),
  dynamicImports: dynamicImports.map((n) => `${n}.js`),
});

/**
 * An entry with two public pages and two dashboard pages under one frame. `Card` serves the
 * landing page and both dashboard pages; `Icon` and `Menu` only the frame; `Grid` only the trips
 * page; `Form` the trips page's lazy modal and the landing page's.
 */
const chunks = [
  chunk('index', ['Box'], ['Landing', 'Guides', 'Frame', 'Home', 'Trips', 'HomeQuery'], true),
  chunk('Box'),
  chunk('Landing', ['Box', 'Card'], ['Modal']),
  chunk('Guides', ['Box']),
  chunk('Frame', ['Box', 'Icon', 'Menu']),
  chunk('Icon'),
  chunk('Menu'),
  chunk('Home', ['Card']),
  chunk('HomeQuery'),
  chunk('Trips', ['Card', 'Grid'], ['Modal']),
  chunk('Grid'),
  chunk('Card'),
  chunk('Modal', ['Form']),
  chunk('Form'),
  chunk('Unused'),
];
const contexts = [
  { name: 'landing', roots: ['/src/index', '/src/Landing'] },
  { name: 'guides', roots: ['/src/index', '/src/Guides'] },
  { name: 'home', roots: ['/src/index', '/src/Frame', '/src/Home', '/src/HomeQuery'] },
  { name: 'trips', roots: ['/src/index', '/src/Frame', '/src/Trips'] },
];
const navigations = ['/src/Landing', '/src/Guides', '/src/Frame', '/src/Home', '/src/HomeQuery', '/src/Trips'];

describe('computeChunkGroups', () => {
  const { groups, assignment } = computeChunkGroups({ chunks, contexts, navigations, keep: (c) => c.isEntry });
  const groupOf = (name: string) => groups.find((g) => g.files.includes(`${name}.js`))?.files;

  it('merges the chunks that load in exactly the same places', () => {
    expect(groupOf('Frame')).toEqual(['Frame.js', 'Icon.js', 'Menu.js']);
    expect(groupOf('Home')).toEqual(['Home.js', 'HomeQuery.js']);
    expect(groupOf('Trips')).toEqual(['Grid.js', 'Trips.js']);
    expect(groupOf('Modal')).toEqual(['Form.js', 'Modal.js']);
    expect(assignment.get('/src/Icon')).toBe(assignment.get('/src/Frame'));
  });

  it('keeps apart what some page loads without the rest: no page loads a byte more', () => {
    // Card also loads on the landing page, which has no frame.
    expect(groupOf('Card')).toBeUndefined();
    // Box loads everywhere, but so does the entry, which stays whole.
    expect(groupOf('Box')).toBeUndefined();
    expect(groupOf('Unused')).toBeUndefined();
  });

  it('counts a lazy import by what it adds to the page that opens it', () => {
    // The landing page's modal brings Form with it; opened from a page that had Form already,
    // the modal would come alone, and then Modal and Form could not share a file.
    const withForm = chunks.map((c) => (c.name === 'Guides' ? { ...c, imports: [...c.imports, 'Form.js'], dynamicImports: ['Modal.js'] } : c));
    const result = computeChunkGroups({ chunks: withForm, contexts, navigations, keep: (c) => c.isEntry });
    expect(result.groups.find((g) => g.files.includes('Modal.js'))).toBeUndefined();
  });
});
