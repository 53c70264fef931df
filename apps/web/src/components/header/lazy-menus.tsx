import type { Profile } from '@glowreel/contracts';
import { ChevronDown, Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { menuButtonClass, profileTriggerClass } from './menu-styles.ts';
import { displayNameOf } from './nav-items.ts';
import { UserAvatar } from './user-avatar.tsx';

// The menus' Radix code (focus trap, positioning) is not needed to paint the landing page:
// it loads when a member is signed in, or on the first tap of the menu button.
const loadProfileMenu = () => import('./profile-menu.tsx');
const loadMobileMenu = () => import('./mobile-menu.tsx');
const ProfileMenu = lazy(async () => ({ default: (await loadProfileMenu()).ProfileMenu }));
const MobileMenu = lazy(async () => ({ default: (await loadMobileMenu()).MobileMenu }));

interface MenuProps {
  profile: Profile;
  onSignOut: () => void;
}

export function LazyProfileMenu({ profile, onSignOut }: MenuProps) {
  const name = displayNameOf(profile);
  const placeholder = (
    <span className={profileTriggerClass}>
      <UserAvatar photoUrl={profile.photoURL} />
      <span className="max-w-36 truncate">{name}</span>
      <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
    </span>
  );
  return (
    <Suspense fallback={placeholder}>
      <ProfileMenu profile={profile} onSignOut={onSignOut} />
    </Suspense>
  );
}

export function LazyMobileMenu({
  profile,
  onSignOut,
}: {
  profile: Profile | null;
  onSignOut: () => void;
}) {
  const [isRequested, setIsRequested] = useState(false);
  const button = (
    <button
      type="button"
      aria-label="Open menu"
      onPointerEnter={() => void loadMobileMenu()}
      onClick={() => setIsRequested(true)}
      className={menuButtonClass}
    >
      <Menu aria-hidden="true" className="size-6" />
    </button>
  );
  if (!isRequested) return button;
  return (
    <Suspense fallback={button}>
      <MobileMenu profile={profile} onSignOut={onSignOut} isInitiallyOpen />
    </Suspense>
  );
}
