import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live, addressed by key. One implementation today: a folder on local
 * disk (`$DATA_DIR/uploads`); a shared object store for several machines plugs in here.
 */
export interface FileStorage {
  put(key: string, data: Uint8Array): Promise<void>;
  read(key: string): Promise<Uint8Array | null>;
  /** Removes the file; a file already gone is not an error. */
  remove(key: string): Promise<void>;
}

/** Keys are made by the server (e.g. `photos/<trip>/<uuid>.jpg`); nothing may climb out of the root. */
function resolveKey(root: string, key: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) || key.split('/').some((part) => part === '..' || part === '')) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
  return path.join(root, key);
}

export function createLocalStorage(root: string): FileStorage {
  return {
    async put(key, data) {
      const file = resolveKey(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
    },
    async read(key) {
      try {
        return await fs.readFile(resolveKey(root, key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await fs.rm(resolveKey(root, key), { force: true });
    },
  };
}
