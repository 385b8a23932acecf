import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { PunchStore, QueuedPunch } from './punch-queue';

/** The queue in IndexedDB: it survives a reload and a closed app. */
interface GuardDb extends DBSchema {
  punches: { key: string; value: QueuedPunch };
  photos: { key: string; value: Blob };
}

const DB_NAME = 'guard-app';

export function indexedDbStore(name: string = DB_NAME): PunchStore {
  let opening: Promise<IDBPDatabase<GuardDb>> | null = null;
  const db = () =>
    (opening ??= openDB<GuardDb>(name, 1, {
      upgrade(database) {
        database.createObjectStore('punches', { keyPath: 'key' });
        database.createObjectStore('photos');
      },
    }));
  return {
    all: async () => (await db()).getAll('punches'),
    put: async (punch) => {
      await (await db()).put('punches', punch);
    },
    remove: async (keys) => {
      const tx = (await db()).transaction('punches', 'readwrite');
      await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
    },
    putPhoto: async (key, blob) => {
      await (await db()).put('photos', blob, key);
    },
    photo: async (key) => (await db()).get('photos', key),
    removePhotos: async (keys) => {
      if (keys.length === 0) return;
      const tx = (await db()).transaction('photos', 'readwrite');
      await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
    },
  };
}
