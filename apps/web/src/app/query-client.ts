import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@guard-tour/client/browser';

/** One retry for a network hiccup; a refusal from the server is an answer, not worth repeating. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) =>
        failures < 1 && error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout'),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
