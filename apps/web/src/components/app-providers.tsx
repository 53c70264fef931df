import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { AuthProvider } from './auth-provider.tsx';

/**
 * Everything above the router, shared by the browser (main.tsx) and the build-time render of
 * the landing page (prerender.tsx): hydration needs both trees to be the same.
 */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          {children}
          <InteractiveMarker />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

/**
 * Marks <html data-interactive> once React has taken over the page. The landing page paints
 * from pre-rendered HTML first; until then its buttons do nothing, so browser tests wait for
 * this before they click (afterwards React replays clicks on parts still hydrating).
 */
function InteractiveMarker() {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return null;
}
