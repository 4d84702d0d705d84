import { QueryClient } from '@tanstack/react-query';

/** One client for the app. A 4xx is an answer, not a hiccup: only network errors and 5xx are retried. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          const status = (error as { status?: number }).status;
          return failureCount < 3 && (status === undefined || status >= 500);
        },
      },
      mutations: { retry: false },
    },
  });
}
