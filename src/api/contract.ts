import type * as ContractSchemas from './contract-schemas';

let loading: Promise<typeof ContractSchemas> | null = null;

/** The shared schemas, loaded once (see contract-schemas.ts for why lazily). */
export function loadContract() {
  if (!loading) {
    loading = import('./contract-schemas');
    // Fetchers start this alongside their request and await it only for the answer; a failed load must
    // not also surface as an unhandled rejection when the request failed first.
    loading.catch(() => undefined);
  }
  return loading;
}
