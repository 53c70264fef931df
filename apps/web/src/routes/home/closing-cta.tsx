import { SITE_COPY } from '@glowreel/contracts';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { demoTriggerClass } from './demo-trigger-class.ts';

// The dialog (Radix focus trap, the form) loads on the first press of its button.
const loadDemoDialog = () => import('./demo-dialog.tsx');
const DemoDialog = lazy(async () => ({ default: (await loadDemoDialog()).DemoDialog }));

export function ClosingCta() {
  const [isDemoRequested, setIsDemoRequested] = useState(false);
  const [isDialogRequested, setIsDialogRequested] = useState(false);
  const button = (
    <button
      type="button"
      onPointerEnter={() => void loadDemoDialog()}
      onFocus={() => void loadDemoDialog()}
      onClick={() => setIsDialogRequested(true)}
      className={demoTriggerClass}
    >
      Schedule Demo
    </button>
  );
  return (
    <section aria-labelledby="cta-heading" className="px-4 pb-20 sm:px-6 sm:pb-24">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-14 text-center shadow-xl sm:px-12 sm:py-20">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -bottom-24 size-80 rounded-full bg-accent-500/20 blur-3xl"
        />
        <h2
          id="cta-heading"
          className="relative text-3xl font-bold tracking-tight text-white sm:text-4xl"
        >
          Ready to show your results?
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg text-brand-50">
          Create your first video with free credits today, or let us walk your team through it.
        </p>
        <div className="relative mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link
            to="/register"
            className="inline-flex w-full items-center justify-center rounded-lg bg-accent-600 px-6 py-3.5 text-lg font-semibold text-white shadow-md transition hover:bg-accent-700 sm:w-auto"
          >
            Create Free Account
          </Link>
          {isDialogRequested ? (
            <Suspense fallback={button}>
              <DemoDialog onSubmitted={() => setIsDemoRequested(true)} isInitiallyOpen />
            </Suspense>
          ) : (
            button
          )}
        </div>
        {/* Rendered empty first so screen readers announce the message when it appears. */}
        <p role="status" className="relative mt-6 font-medium text-white">
          {isDemoRequested ? SITE_COPY.demoSucceeded : ''}
        </p>
      </div>
    </section>
  );
}
