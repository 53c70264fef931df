import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** True once the page is scrolled past `threshold` px (SPEC §2: the header gains a shadow). */
export function useIsScrolled(threshold: number): boolean {
  return useSyncExternalStore(subscribe, () => window.scrollY > threshold);
}
