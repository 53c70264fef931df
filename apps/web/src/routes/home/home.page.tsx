import { Link } from 'react-router';
import { useAuth } from '../../lib/auth-context.ts';

export function HomePage() {
  const auth = useAuth();
  // SPEC §2: the hero sends members to their dashboard and everyone else to sign in.
  const startPath = auth.status === 'signed-in' ? '/dashboard' : '/login';

  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 sm:py-28">
        <p className="text-sm font-semibold tracking-wide text-accent-600 uppercase">
          For medical spas and aesthetic clinics
        </p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          Turn before &amp; after photos into stunning transformation videos
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
          Upload one composite photo and get an honest, ready-to-post video of your patient&apos;s
          real results.
        </p>
        <Link
          to={startPath}
          className="mt-10 inline-flex items-center rounded-lg bg-brand-700 px-6 py-3 text-lg font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          Start Creating Videos
        </Link>
      </div>
    </section>
  );
}
