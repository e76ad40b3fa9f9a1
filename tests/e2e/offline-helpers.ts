import type { Page } from '@playwright/test';

/** Every key of the device's offline store (web/src/platform/offline/storage.ts); none when it was never opened. */
export const offlineKeys = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('tripcrew-offline');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve([]);
          const keys = db.transaction('keyval').objectStore('keyval').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
        };
        open.onerror = () => resolve([]);
      }),
  );
