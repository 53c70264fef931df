import { BookOpen, Home, LifeBuoy } from 'lucide-react';
import { Link, useLocation } from 'react-router';

const HELPFUL_LINKS = [
  { to: '/documentation', label: 'Documentation', icon: BookOpen },
  { to: '/support', label: 'Support', icon: LifeBuoy },
] as const;

/** Unknown addresses: say so plainly and offer the way home (the server answers 404). */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center sm:py-28">
      <title>Page not found · Glowreel</title>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Error 404</p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        Page not found
      </h1>
      <p className="mt-4 text-slate-600">
        There is no page at{' '}
        <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm break-all">{pathname}</code>. It
        may have moved, or the link may be mistyped.
      </p>
      <Link
        to="/"
        className="mt-8 inline-flex items-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800"
      >
        <Home aria-hidden="true" className="size-4" />
        Back to Home
      </Link>
      <ul className="mt-8 flex justify-center gap-6 text-sm">
        {HELPFUL_LINKS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline"
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
