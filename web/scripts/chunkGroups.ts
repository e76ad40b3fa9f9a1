/**
 * Fewer script files without moving a byte (issue 27 point 12, fourth pass).
 *
 * Rolldown's automatic chunking splits modules by which dynamic imports reach them, and every
 * route page, query artifact and modal is a dynamic import: a signed-in page came in 80–110
 * files. But some of those files always load together: the dashboard's frame and its Mantine
 * components load on every signed-in page and on no public one; a page's private components
 * load with that page only. Over HTTP/1.1 (six connections) the count, not the bytes, held the
 * page's paint.
 *
 * From a first build's chunk graph this computes, for every chunk, where it loads: each route's
 * first load (its page, plus the entry and, inside the dashboard, the frame) and each lazy import
 * a route can make after it (a modal, the map), counting only what that import adds to the
 * route's first load. Chunks that load in exactly the same places are merged into one: no route
 * and no lazy import loads a byte more or less, only in fewer files. The second build assigns
 * those chunks' modules to one group each (web/scripts/build-client.ts).
 */

/** A chunk of the first build, as Rolldown's output describes it. */
export interface GraphChunk {
  fileName: string;
  name: string;
  isEntry: boolean;
  moduleIds: string[];
  /** File names of the chunks it imports statically / dynamically. */
  imports: string[];
  dynamicImports: string[];
}

/** A route's first load: the modules it starts from (the entry's, its page's, its loader's). */
export interface LoadContext {
  name: string;
  roots: string[];
}

export interface ChunkGroupsInput {
  chunks: GraphChunk[];
  contexts: LoadContext[];
  /** Modules imported to change route (pages, their query artifacts): a route's load, not a lazy import of another. */
  navigations: string[];
  /** Chunks to leave as they are (the entry, the long-cached framework chunks). */
  keep: (chunk: GraphChunk) => boolean;
}

/** A merged group: its name and its chunks' file names (first build). */
export interface ChunkGroup {
  name: string;
  files: string[];
}

export interface ChunkGroups {
  groups: ChunkGroup[];
  /** Module id → group name, for the second build. */
  assignment: Map<string, string>;
}

export function computeChunkGroups({ chunks, contexts, navigations, keep }: ChunkGroupsInput): ChunkGroups {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOfModule = new Map<string, GraphChunk>();
  for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOfModule.set(id, chunk);
  const chunkOf = (id: string) => {
    const chunk = chunkOfModule.get(id);
    if (!chunk) throw new Error(`chunk groups: ${id} is in no chunk of the first build`);
    return chunk;
  };
  const navigationFiles = new Set(navigations.filter((id) => chunkOfModule.has(id)).map((id) => chunkOf(id).fileName));

  const closure = (files: Iterable<string>) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
    };
    for (const file of files) visit(file);
    return seen;
  };

  // Where each chunk loads: the contexts (and lazy imports within them) that load it.
  const places = new Map<string, string[]>();
  const loadsIn = (files: Iterable<string>, place: string) => {
    for (const file of files) places.set(file, [...(places.get(file) ?? []), place]);
  };
  for (const context of contexts) {
    const first = closure(context.roots.map((id) => chunkOf(id).fileName));
    loadsIn(first, context.name);
    // Lazy imports reachable from the first load, through other lazy imports too: each one is
    // measured against the first load alone (what opening it there fetches).
    const lazy = new Set<string>();
    const queue = [...first];
    while (queue.length) {
      for (const target of byFile.get(queue.pop()!)?.dynamicImports ?? []) {
        if (navigationFiles.has(target) || lazy.has(target) || first.has(target)) continue;
        lazy.add(target);
        queue.push(...closure([target]));
      }
    }
    for (const target of lazy) {
      loadsIn(
        [...closure([target])].filter((file) => !first.has(file)),
        `${context.name} > ${target}`,
      );
    }
  }

  // Chunks with the same places merge; a chunk that loads nowhere measured stays as it is.
  const bySignature = new Map<string, GraphChunk[]>();
  for (const chunk of chunks) {
    const where = places.get(chunk.fileName);
    if (!where || keep(chunk)) continue;
    const signature = [...new Set(where)].sort().join('\n');
    bySignature.set(signature, [...(bySignature.get(signature) ?? []), chunk]);
  }
  const groups: ChunkGroup[] = [];
  const assignment = new Map<string, string>();
  const taken = new Set<string>();
  for (const members of bySignature.values()) {
    if (members.length < 2) continue;
    // Named after its largest member (usually the page or the frame it serves).
    const named = [...members].sort((a, b) => b.moduleIds.length - a.moduleIds.length || a.fileName.localeCompare(b.fileName))[0];
    let name = `${named.name}-group`;
    for (let n = 2; taken.has(name); n++) name = `${named.name}-group${n}`;
    taken.add(name);
    groups.push({ name, files: members.map((chunk) => chunk.fileName).sort() });
    for (const chunk of members) for (const id of chunk.moduleIds) assignment.set(id, name);
  }
  return { groups, assignment };
}
