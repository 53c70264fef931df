import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './components/app-providers.tsx';
import { routes } from './routes.tsx';

/**
 * The landing page's markup as the browser's first render draws it for a visitor without a
 * stored profile: auth loading, no live figures yet, the moving carousel. Built into
 * landing.html by scripts/prerender-landing.ts and hydrated by main.tsx, so the phone paints
 * the page from the HTML instead of waiting for React.
 */
export async function renderLanding(): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`/ answered ${context.status}, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders queryClient={new QueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}
