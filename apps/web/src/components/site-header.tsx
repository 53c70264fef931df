import { Link, NavLink } from 'react-router';
import { useAuth } from '../lib/auth-context.ts';
import { useIsScrolled } from '../lib/use-is-scrolled.ts';
import { useSignOut } from '../lib/use-sign-out.ts';
import { BrandMark } from './brand-mark.tsx';
import { ClinicSwitcher } from './header/clinic-switcher.tsx';
import { LazyMobileMenu, LazyProfileMenu } from './header/lazy-menus.tsx';
import { navItemsFor } from './header/nav-items.ts';

/** SPEC §9: the header turns translucent white with a shadow past this scroll offset. */
export const SCROLL_SHADOW_THRESHOLD_PX = 20;

function navLinkClass({ isActive }: { isActive: boolean }): string {
  return `rounded-md px-3 py-2 text-sm font-medium transition ${
    isActive ? 'text-brand-700' : 'text-slate-600 hover:text-slate-900'
  }`;
}

export function SiteHeader() {
  const auth = useAuth();
  const signOut = useSignOut();
  const isScrolled = useIsScrolled(SCROLL_SHADOW_THRESHOLD_PX);
  // While /api/session loads, the persisted profile predicts the answer and avoids a flash.
  const profile = auth.profile;
  const onSignOut = () => void signOut();

  return (
    <header
      data-scrolled={isScrolled}
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-200 ${
        isScrolled ? 'bg-white/85 shadow-md backdrop-blur-md' : 'bg-transparent'
      }`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" className="rounded-md">
          <BrandMark />
        </Link>
        <nav aria-label="Main" className="ml-4 hidden items-center lg:flex">
          {navItemsFor(profile !== null).map((item) =>
            item.to.includes('#') ? (
              <Link key={item.to} to={item.to} className={navLinkClass({ isActive: false })}>
                {item.label}
              </Link>
            ) : (
              <NavLink key={item.to} to={item.to} className={navLinkClass}>
                {item.label}
              </NavLink>
            ),
          )}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {profile && <ClinicSwitcher />}
          <div className="hidden items-center gap-2 lg:flex">
            {profile ? (
              <LazyProfileMenu profile={profile} onSignOut={onSignOut} />
            ) : (
              <>
                <NavLink to="/login" className={navLinkClass}>
                  Sign In
                </NavLink>
                <Link
                  to="/register"
                  className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-800"
                >
                  Get Started
                </Link>
              </>
            )}
          </div>
          <LazyMobileMenu profile={profile} onSignOut={onSignOut} />
        </div>
      </div>
    </header>
  );
}
