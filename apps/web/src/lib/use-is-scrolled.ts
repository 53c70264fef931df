import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** True once the page is scrolled past `threshold` px (SPEC §2: the header gains a shadow). */
export function useIsScrolled(threshold: number): boolean {
  // The pre-rendered landing page (and so its hydration) starts at the top.
  return useSyncExternalStore(
    subscribe,
    () => window.scrollY > threshold,
    () => false,
  );
}
