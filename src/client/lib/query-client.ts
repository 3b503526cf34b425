import { QueryClient } from '@tanstack/react-query';

/** docs/spec.md §9: data kept 5 minutes, up to 3 retries with back-off capped at 30 seconds. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60 * 1000,
        retry: 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
    },
  });
}
