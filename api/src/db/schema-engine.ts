import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import * as bindings from '@prisma/schema-engine-wasm/schema_engine_bg';

/**
 * Prisma's schema engine (migrations, diffs) compiled to WebAssembly, driven through a driver
 * adapter. Used instead of the `prisma migrate` CLI, which needs a native engine it would
 * download from Prisma's servers.
 */
export type SchemaEngine = bindings.SchemaEngine;

let ready: Promise<void> | undefined;

/** The package's own entry imports the .wasm as an ES module, which Node cannot; instantiate it here once. */
function loadWasm(): Promise<void> {
  ready ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = path.join(path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')), 'schema_engine_bg.wasm');
    const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
      './schema_engine_bg.js': withUnrefTimers(bindings),
    });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
  })();
  return ready;
}

/**
 * The engine arms timers (about 10 s) that it never clears; they would keep a script such as
 * `npm run db:migrate` alive after its work is done. Unref them: they never carry work of their own.
 */
function withUnrefTimers(imports: object): WebAssembly.ModuleImports {
  const patched: Record<string, unknown> = { ...imports };
  for (const key of Object.keys(patched).filter((k) => k.startsWith('__wbg_setTimeout_'))) {
    patched[key] = (fn: () => void, ms: number) => {
      const timer = setTimeout(fn, ms >>> 0);
      timer.unref();
      return timer;
    };
  }
  return patched as WebAssembly.ModuleImports;
}

/** Runs `fn` with an engine bound to `factory` and the given schema, then frees the engine. */
export async function withSchemaEngine<T>(
  factory: SqlMigrationAwareDriverAdapterFactory,
  schema: { path: string; content: string }[],
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  await loadWasm();
  const logs: string[] = [];
  const engine = await bindings.SchemaEngine.new(
    { datamodels: schema.map((file) => [file.path, file.content] as [string, string]) },
    (line: string) => {
      if (process.env.DEBUG_SCHEMA_ENGINE) console.error('[schema-engine]', line);
      logs.push(line);
    },
    bindMigrationAwareSqlAdapterFactory(factory),
  );
  try {
    return await fn(engine);
  } catch (error) {
    throw engineError(error, logs);
  } finally {
    engine.free();
  }
}

/** Engine errors arrive as plain objects or strings; make them readable Errors. */
function engineError(error: unknown, logs: string[]): Error {
  if (error instanceof Error) return error;
  const detail = typeof error === 'string' ? error : JSON.stringify(error, null, 2);
  const tail = logs.length ? `\n${logs.slice(-5).join('\n')}` : '';
  return new Error(`Schema engine error: ${detail}${tail}`);
}
