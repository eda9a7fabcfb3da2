/**
 * The Store contract: one suite that every Store implementation passes, run by store.test.ts on SQLite and on a
 * real PostgreSQL. Each test opens a new, empty store, so tests neither see nor depend on each other's rows.
 */
import type { Store } from '../../../src/store/types.js';
import { accessContract } from './access.js';
import type { StoreHarness } from './fixtures.js';
import { readerContract } from './readers.js';
import { sourceContract } from './sources.js';
import { syncContract } from './syncs.js';
import { visitContract } from './visits.js';

export type { StoreHarness } from './fixtures.js';

/** Declares the contract's tests inside the caller's `describe`. */
export function storeContract<S extends Store>(harness: StoreHarness<S>): void {
  accessContract(harness);
  readerContract(harness);
  sourceContract(harness);
  syncContract(harness);
  visitContract(harness);
}
