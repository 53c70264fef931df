import { profileSchema, type Profile } from '@glowreel/contracts';

// SPEC §3: the client persists its copy of the profile (never the session) under this key.
const STORAGE_KEY = 'glowreel-auth';

export function readStoredProfile(): Profile | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (raw === null) return null;
    const parsed = profileSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    // Storage can be disabled (private modes) or hold junk; the server stays the truth.
    return null;
  }
}

export function storeProfile(profile: Profile | null): void {
  try {
    if (profile === null) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(profile));
  } catch {
    // A full or disabled storage only costs the instant header on the next visit.
  }
}
