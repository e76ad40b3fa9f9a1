/**
 * Compiles Relay's graphql`...` tagged templates the way babel-plugin-relay does (with
 * `eagerEsModules: true`): each tag becomes a default import of the artifact that
 * relay-compiler wrote to web/src/__generated__/<DefinitionName>.graphql.ts.
 *
 * Why not babel-plugin-relay: @vitejs/plugin-react 6 (Vite 8, Rolldown/Oxc) no longer runs
 * Babel, and @babel/core is not a dependency of this project. Relay's tags carry no
 * interpolations, so a precise textual transform is enough; the definition name is read with
 * graphql-js's own parser, the same way the Babel plugin does it.
 */
import path from 'node:path';
import { parse, type DefinitionNode } from 'graphql';
import type { Plugin } from 'vite';

const TAG = /\bgraphql`([^`]*)`/g;

function definitionName(def: DefinitionNode, file: string): string {
  if ((def.kind === 'OperationDefinition' || def.kind === 'FragmentDefinition') && def.name) {
    return def.name.value;
  }
  throw new Error(`${file}: every graphql\`\` tag needs a named query, mutation, subscription or fragment`);
}

export function relayArtifacts(options: { artifactDirectory: string }): Plugin {
  const artifactDirectory = path.resolve(options.artifactDirectory);
  return {
    name: 'tripcrew:relay-artifacts',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0];
      if (!/\.[cm]?[jt]sx?$/.test(file) || file.includes('/node_modules/') || file.startsWith(artifactDirectory)) {
        return null;
      }
      if (!code.includes('graphql`')) return null;
      const imports = new Map<string, string>();
      const out = code.replace(TAG, (_match, body: string) => {
        const doc = parse(body);
        if (doc.definitions.length !== 1) {
          throw new Error(`${file}: a graphql\`\` tag must hold exactly one definition`);
        }
        const name = definitionName(doc.definitions[0], file);
        const local = `__relay_${name}`;
        if (!imports.has(name)) {
          let spec = path.relative(path.dirname(file), path.join(artifactDirectory, `${name}.graphql.ts`));
          if (!spec.startsWith('.')) spec = `./${spec}`;
          imports.set(name, `import ${local} from ${JSON.stringify(spec.split(path.sep).join('/'))};`);
        }
        return local;
      });
      return { code: `${[...imports.values()].join('\n')}\n${out}`, map: null };
    },
  };
}
