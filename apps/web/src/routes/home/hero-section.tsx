import { VIDEO_READY_CLAIM } from '@glowreel/contracts';
import { ArrowRight, Check } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth-context.ts';

const PROMISES = [
  `MP4 ${VIDEO_READY_CLAIM}`,
  'Your real photos, never repainted',
  'Free credits to start, no card needed',
] as const;

export function HeroSection() {
  const auth = useAuth();
  // SPEC §2: the hero sends members to their dashboard and everyone else to sign in.
  const startPath = auth.status === 'signed-in' ? '/dashboard' : '/login';

  return (
    // Reaches up under the fixed header so the gradient starts at the very top.
    <section className="relative -mt-16 overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white pt-16">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 size-[40rem] -translate-x-1/2 rounded-full bg-gradient-to-br from-brand-100 to-accent-100 opacity-60 blur-3xl"
      />
      <div className="relative mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
        <p className="inline-flex rounded-full border border-brand-200 bg-white/70 px-3 py-1 text-sm font-medium text-brand-800">
          For medical spas and aesthetic clinics
        </p>
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-6xl">
          Turn before &amp; after photos into{' '}
          <span className="bg-gradient-to-r from-brand-700 to-accent-600 bg-clip-text text-transparent">
            transformation videos
          </span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600 sm:text-xl">
          Upload one before-and-after photo and get an honest, branded, ready-to-post MP4 of your
          patient&apos;s real results.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link
            to={startPath}
            className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 py-3.5 text-lg font-semibold text-white shadow-md transition hover:bg-brand-800 sm:w-auto"
          >
            Start Creating Videos
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
          <Link
            to="/#how-it-works"
            className="inline-flex w-full items-center justify-center rounded-lg border border-slate-300 bg-white px-6 py-3.5 text-lg font-semibold text-slate-700 transition hover:bg-slate-50 sm:w-auto"
          >
            See How It Works
          </Link>
        </div>
        <ul className="mt-10 flex flex-col items-center justify-center gap-x-8 gap-y-2 text-sm text-slate-600 sm:flex-row">
          {PROMISES.map((promise) => (
            <li key={promise} className="flex items-center gap-2">
              <Check aria-hidden="true" className="size-4 text-brand-700" />
              {promise}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
