/**
 * Namespaced storage: `localStorage` keys `docent:<project>:<name>`. When the browser blocks storage (privacy
 * modes, sandboxed iframes), it falls back to memory for the page's lifetime and warns once.
 */

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface DocentStorage {
  read<T>(name: string, isValid: (value: unknown) => value is T): T | undefined;
  write(name: string, value: unknown): void;
  remove(name: string): void;
}

/** Shared by every element on the page, so two elements see the same in-memory history. */
const memory = new Map<string, string>();
const memoryStore: KeyValueStore = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

let warnedBlocked = false;

function warnBlocked(error: unknown): void {
  if (warnedBlocked) return;
  warnedBlocked = true;
  const reason = error instanceof Error ? error.message : String(error);
  console.warn(`Docent: localStorage is not available (${reason}); recent searches and the conversation are kept in memory only.`);
}

function browserStore(): KeyValueStore | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch (error) {
    warnBlocked(error);
    return undefined;
  }
}

export function storageKey(project: string, name: string): string {
  return `docent:${project || 'default'}:${name}`;
}

/**
 * `persistent: false` keeps everything in memory (`store-history="false"`).
 * `backing` is for tests; it defaults to `localStorage`.
 */
export function createStorage(project: string, persistent: boolean, backing?: KeyValueStore): DocentStorage {
  let store: KeyValueStore = persistent ? (backing ?? browserStore() ?? memoryStore) : memoryStore;

  function attempt<T>(action: (target: KeyValueStore) => T): T {
    try {
      return action(store);
    } catch (error) {
      warnBlocked(error);
      store = memoryStore;
      return action(store);
    }
  }

  return {
    read(name, isValid) {
      const text = attempt((target) => target.getItem(storageKey(project, name)));
      if (text === null) return undefined;
      try {
        const value: unknown = JSON.parse(text);
        return isValid(value) ? value : undefined;
      } catch {
        return undefined;
      }
    },
    write(name, value) {
      attempt((target) => target.setItem(storageKey(project, name), JSON.stringify(value)));
    },
    remove(name) {
      attempt((target) => target.removeItem(storageKey(project, name)));
    },
  };
}

/** For tests: forget the in-memory values and the one-time warning. */
export function resetMemoryStorage(): void {
  memory.clear();
  warnedBlocked = false;
}
