import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { AppShell } from './app-shell.tsx';

/** Replaces React Router's developer error screen for render failures (and stray 404s). */
export function RouteErrorPage() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  const title = isNotFound ? 'Page not found' : 'Something went wrong';

  return (
    <AppShell>
      <div className="mx-auto max-w-xl px-4 py-20 text-center sm:py-28">
        <title>{`${title} · Glowreel`}</title>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-4 text-slate-600">
          {isNotFound
            ? 'There is no page at this address.'
            : 'Please reload the page and try again.'}
        </p>
        <Link
          to="/"
          className="mt-8 inline-flex rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          Back to Home
        </Link>
      </div>
    </AppShell>
  );
}
