/**
 * One memory store per workspace in this process: a subagent that saves a memory updates the
 * index its lead's prompt is built from. Opened once, re-read from disk whenever an agent is
 * built (another session may have written since).
 */
import { MemoryStore } from "./store.ts";

const stores = new Map<string, Promise<MemoryStore>>();

export async function sharedMemory(cwd: string): Promise<MemoryStore> {
  let store = stores.get(cwd);
  if (!store) {
    store = MemoryStore.open(cwd);
    stores.set(cwd, store);
    store.catch(() => stores.delete(cwd));
    return store;
  }
  const open = await store;
  await open.reload();
  return open;
}
