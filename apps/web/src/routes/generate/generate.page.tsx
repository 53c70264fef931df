import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { CreditsPanel } from '../../components/credits-panel.tsx';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { useSignedInProfile } from '../../lib/use-signed-in-profile.ts';
import { GenerateFaq } from './generate-faq.tsx';
import { HowItWorks } from './how-it-works.tsx';

// The engine (timeline, drawing, split detection) is only needed here: load it with the
// creator instead of in every page's bundle.
const VideoCreator = lazy(async () => ({
  default: (await import('./video-creator.tsx')).VideoCreator,
}));

export function GeneratePage() {
  const profile = useSignedInProfile();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-12">
      <title>Generate Videos · Glowreel</title>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Generate Videos</h1>
        <Link to="/" className="text-sm font-semibold text-brand-700 hover:underline">
          Back to Home
        </Link>
      </div>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        <CreditsPanel profile={profile} />
        <div className="rounded-2xl bg-gradient-to-br from-brand-50 to-white p-6 md:col-span-2">
          <h2 className="font-semibold text-slate-900">An honest video of real results</h2>
          <p className="mt-2 text-sm text-slate-600">
            Upload one before-and-after photo, or the before and the after as two photos, and watch
            the preview play right here. When it looks right, the MP4 is rendered on our servers in
            seconds. It moves and frames the patient&apos;s real photos only, with your
            clinic&apos;s branding and disclosure. A failed render never costs a credit.
          </p>
        </div>
      </div>
      <Suspense fallback={<LoadingScreen />}>
        <VideoCreator profile={profile} />
      </Suspense>
      <div className="mt-16 space-y-12">
        <HowItWorks />
        <GenerateFaq />
      </div>
    </div>
  );
}
