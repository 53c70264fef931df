import type { Profile } from '@glowreel/contracts';
import { ChevronDown, LayoutDashboard, LogOut, Settings, Video } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { profileTriggerClass } from './menu-styles.ts';
import { displayNameOf } from './nav-items.ts';
import { UserAvatar } from './user-avatar.tsx';

const itemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium text-slate-700 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800';

/**
 * SPEC §2 profile menu: photo or icon, display name, Dashboard, Generate Videos, Sign Out;
 * issue #17 §4 adds Account Settings.
 */
export function ProfileMenu({ profile, onSignOut }: { profile: Profile; onSignOut: () => void }) {
  const name = displayNameOf(profile);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label={`Account menu for ${name}`} className={profileTriggerClass}>
        <UserAvatar photoUrl={profile.photoURL} />
        <span className="max-w-36 truncate">{name}</span>
        <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 pt-2 pb-1">
            <span className="block truncate text-sm font-semibold text-slate-900">{name}</span>
            <span className="block truncate text-xs text-slate-500">{profile.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1.5 h-px bg-slate-100" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/dashboard">
              <LayoutDashboard aria-hidden="true" className="size-4" />
              Dashboard
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/generate">
              <Video aria-hidden="true" className="size-4" />
              Generate Videos
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/account">
              <Settings aria-hidden="true" className="size-4" />
              Account Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1.5 h-px bg-slate-100" />
          <DropdownMenu.Item className={itemClass} onSelect={onSignOut}>
            <LogOut aria-hidden="true" className="size-4" />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
