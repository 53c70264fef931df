// First: before any module builds a zod schema.
import './zod-without-eval.ts';
import { QueryClient } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// The DOM build of RouterProvider, so navigate(..., { flushSync: true }) is honoured.
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './components/app-providers.tsx';
import './index.css';
import { readStoredProfile } from './lib/profile-storage.ts';
import { router } from './router.tsx';

const queryClient = new QueryClient();

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const app = (
  <AppProviders queryClient={queryClient}>
    <RouterProvider router={router} />
  </AppProviders>
);

// Only `/` arrives with markup in #root (pre-rendered at build time by prerender.tsx, for a
// visitor the app does not know yet). A returning member's stored profile changes the header,
// so their first render would not match it: they get a plain render, which replaces the markup
// when it commits, instead of a failed hydration.
if (container.hasChildNodes() && readStoredProfile() === null) {
  // The page is already painted, so nothing is urgent: as a transition the hydration runs in
  // short slices that let the phone answer a tap in between (clicks on parts not yet hydrated
  // are replayed), instead of one long task.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
