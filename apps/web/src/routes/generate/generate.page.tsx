import { Link } from 'react-router';
import { CreditsPanel } from '../../components/credits-panel.tsx';
import { useSignedInProfile } from '../../lib/use-signed-in-profile.ts';

export function GeneratePage() {
  const profile = useSignedInProfile();

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-12">
      <title>Generate Videos · Glowreel</title>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Generate Videos</h1>
        <Link to="/" className="text-sm font-semibold text-brand-700 hover:underline">
          Back to Home
        </Link>
      </div>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <CreditsPanel profile={profile} />
        <section
          aria-labelledby="upload-heading"
          className="flex flex-col justify-center rounded-2xl border-2 border-dashed border-slate-300 p-6 text-center"
        >
          <h2 id="upload-heading" className="font-semibold text-slate-900">
            Upload your before &amp; after photo
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            Photo upload, styles and rendering arrive in the next release.
          </p>
        </section>
      </div>
    </div>
  );
}
