// SPEC §2 header entries, in order. Anchors point at the landing page's sections.
export interface NavItem {
  label: string;
  to: string;
}

export const LANDING_ANCHORS: readonly NavItem[] = [
  { label: 'Features', to: '/#features' },
  { label: 'How It Works', to: '/#how-it-works' },
  { label: 'Pricing', to: '/#pricing' },
];

export const PUBLIC_PAGES: readonly NavItem[] = [
  { label: 'Docs', to: '/documentation' },
  { label: 'API', to: '/api' },
  { label: 'Support', to: '/support' },
];

export const MEMBER_PAGES: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Generate', to: '/generate' },
];

/** The profile menu's entries besides Sign Out. */
export const PROFILE_MENU_PAGES: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Generate Videos', to: '/generate' },
];

export function navItemsFor(isSignedIn: boolean): readonly NavItem[] {
  return isSignedIn ? [...MEMBER_PAGES, ...PUBLIC_PAGES] : [...LANDING_ANCHORS, ...PUBLIC_PAGES];
}

/** SPEC §2: the menu shows the display name, or 'User' when there is none. */
export function displayNameOf(profile: { displayName: string | null }): string {
  return profile.displayName?.trim() || 'User';
}
