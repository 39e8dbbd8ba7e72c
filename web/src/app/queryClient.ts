import { QueryClient } from '@tanstack/react-query';

/** The one react-query client of the signed-in app (provided by layouts/BasicLayout; cleared at logout). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});
