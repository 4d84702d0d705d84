import { useQuery } from '@tanstack/react-query';
import type { Balance } from '../contract/task';
import { requestJson } from './client';
import { loadContract } from './contract';
import { balanceKeys } from './keys';

export function fetchBalance(signal?: AbortSignal): Promise<Balance> {
  const contract = loadContract();
  return requestJson('/api/account/balance', {
    signal,
    parse: async (j) => (await contract).balanceSchema.parse(j),
  });
}

/** Points left on the account. Refreshed when a job is created or ends (see tasks.ts, events.ts). */
export function useBalance() {
  return useQuery({
    queryKey: balanceKeys.all,
    queryFn: ({ signal }) => fetchBalance(signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
    select: (b) => ({ points: b.data.available_points, low: b.data.low_balance_alert === true }),
  });
}
