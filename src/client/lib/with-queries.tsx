import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createQueryClient } from './query-client';

// One client for the whole app, created by the first screen that needs data: home and shop fetch
// nothing, so TanStack Query stays out of the entry chunk (page budgets, decision 0043).
const queryClient = createQueryClient();

/** The component inside the app's query client; nested screens share the same client. */
export function withQueries<Props extends object>(Screen: ComponentType<Props>): ComponentType<Props> {
  return function WithQueries(props: Props) {
    return (
      <QueryClientProvider client={queryClient}>
        <Screen {...props} />
      </QueryClientProvider>
    );
  };
}
