import type * as ContractSchemas from './contract-schemas';

let loading: Promise<typeof ContractSchemas> | null = null;

/** The shared schemas, loaded once (see contract-schemas.ts for why lazily). */
export function loadContract() {
  loading ??= import('./contract-schemas');
  return loading;
}
