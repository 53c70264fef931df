import type { Profile } from '@glowreel/contracts';
import { LogOut, Menu, Settings, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { displayNameOf, navItemsFor } from './nav-items.ts';
import { menuButtonClass } from './menu-styles.ts';
import { UserAvatar } from './user-avatar.tsx';

const linkClass =
  'block rounded-lg px-3 py-3 text-base font-medium text-slate-700 hover:bg-slate-50 hover:text-slate-900';

/** The header's entries on small screens, in a dialog that traps focus and closes on Esc. */
export function MobileMenu({
  profile,
  onSignOut,
  isInitiallyOpen = false,
}: {
  profile: Profile | null;
  onSignOut: () => void;
  isInitiallyOpen?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  const close = () => setIsOpen(false);

  return (
    <Dialog.Root open={isOpen} onOpenChange={setIsOpen}>
      <Dialog.Trigger aria-label="Open menu" className={menuButtonClass}>
        <Menu aria-hidden="true" className="size-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-xs flex-col overflow-y-auto bg-white p-5 shadow-xl">
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold text-slate-900">Menu</Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
          {profile && (
            <div className="mt-4 rounded-xl bg-slate-50 p-3">
              <div className="flex items-center gap-3">
                <UserAvatar photoUrl={profile.photoURL} size={40} />
                <div className="min-w-0">
                  <p className="truncate font-semibold text-slate-900">{displayNameOf(profile)}</p>
                  <p className="truncate text-sm text-slate-500">{profile.email}</p>
                </div>
              </div>
              <Link
                to="/account"
                onClick={close}
                className="mt-2 flex items-center gap-2 rounded-lg px-2 py-2 text-sm font-medium text-brand-700 hover:bg-white"
              >
                <Settings aria-hidden="true" className="size-4" />
                Account Settings
              </Link>
            </div>
          )}
          <nav aria-label="Mobile" className="mt-4">
            <ul className="space-y-1">
              {navItemsFor(profile !== null).map((item) => (
                <li key={item.to}>
                  <Link to={item.to} onClick={close} className={linkClass}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-auto space-y-2 border-t border-slate-100 pt-4">
            {profile ? (
              <button
                type="button"
                onClick={() => {
                  close();
                  onSignOut();
                }}
                className="flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 px-4 py-3 font-semibold text-slate-700 hover:bg-slate-50"
              >
                <LogOut aria-hidden="true" className="size-4" />
                Sign Out
              </button>
            ) : (
              <>
                <Link
                  to="/login"
                  onClick={close}
                  className="block rounded-lg border border-slate-300 px-4 py-3 text-center font-semibold text-slate-700 hover:bg-slate-50"
                >
                  Sign In
                </Link>
                <Link
                  to="/register"
                  onClick={close}
                  className="block rounded-lg bg-brand-700 px-4 py-3 text-center font-semibold text-white hover:bg-brand-800"
                >
                  Get Started
                </Link>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
