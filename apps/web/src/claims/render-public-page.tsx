import { QueryClient } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '../components/app-providers.tsx';
import { routes } from '../routes.tsx';

/** A public page's markup as the server-side render draws it for a signed-out visitor. */
export async function renderPublicPage(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    <AppProviders queryClient={new QueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}
