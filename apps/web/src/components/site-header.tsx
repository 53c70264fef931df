import { Link, NavLink } from 'react-router';
import { useAuth } from '../lib/auth-context.ts';
import { useIsScrolled } from '../lib/use-is-scrolled.ts';
import { useSignOut } from '../lib/use-sign-out.ts';

const SCROLL_SHADOW_THRESHOLD_PX = 20;

const PUBLIC_LINKS = [
  { to: '/documentation', label: 'Docs' },
  { to: '/api', label: 'API' },
  { to: '/support', label: 'Support' },
] as const;

const MEMBER_LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/generate', label: 'Generate' },
] as const;

function navLinkClass({ isActive }: { isActive: boolean }): string {
  return `rounded-md px-3 py-2 text-sm font-medium transition ${
    isActive ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900'
  }`;
}

export function SiteHeader() {
  const auth = useAuth();
  const signOut = useSignOut();
  const isScrolled = useIsScrolled(SCROLL_SHADOW_THRESHOLD_PX);
  // While /api/me loads, the persisted profile predicts the answer and avoids a flash.
  const profile = auth.profile;
  const links = profile ? [...MEMBER_LINKS, ...PUBLIC_LINKS] : PUBLIC_LINKS;

  return (
    <header
      className={`sticky top-0 z-40 border-b transition ${
        isScrolled
          ? 'border-slate-200 bg-white/90 shadow-sm backdrop-blur'
          : 'border-transparent bg-white'
      }`}
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md text-xl font-bold text-slate-900"
        >
          <span
            aria-hidden="true"
            className="size-7 rounded-lg bg-gradient-to-br from-brand-500 to-accent-500"
          />
          Glowreel
        </Link>
        <nav
          aria-label="Main"
          className="order-last -mx-3 flex w-full flex-wrap md:order-none md:w-auto"
        >
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-3">
          {profile ? (
            <>
              <span className="max-w-40 truncate text-sm font-medium text-slate-700">
                {profile.displayName || 'User'}
              </span>
              <button
                type="button"
                onClick={() => void signOut()}
                className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                Sign Out
              </button>
            </>
          ) : (
            <>
              <NavLink to="/login" className={navLinkClass}>
                Sign In
              </NavLink>
              <Link
                to="/register"
                className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
              >
                Get Started
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
