import type { Profile } from '@glowreel/contracts';
import { History } from 'lucide-react';
import { Link } from 'react-router';
import { formatCredits } from '../../lib/credits.ts';
import { CreditBadges } from './credit-badges.tsx';

/** SPEC §2 free-plan panel: what is left to try, and 'Try Free Videos' while credits last. */
export function FreePlanPanel({
  profile,
  onViewHistory,
}: {
  profile: Profile;
  onViewHistory: () => void;
}) {
  const { credits, subscription } = profile;
  return (
    <section
      aria-labelledby="free-plan-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="free-plan-heading" className="text-lg font-semibold text-slate-900">
        Free plan
      </h2>
      <p className="mt-2 text-slate-700">
        <span className="text-3xl font-bold text-brand-700">{formatCredits(credits.total)}</span>{' '}
        left to try Glowreel
      </p>
      {subscription.videosTotal > 0 && (
        <p className="mt-1 text-sm text-slate-600">
          Includes {subscription.videosRemaining} of {subscription.videosTotal} free-plan videos.
        </p>
      )}
      <div className="mt-4">
        <CreditBadges profile={profile} />
      </div>
      <div className="mt-5 flex flex-wrap gap-3">
        {credits.total > 0 && (
          <Link
            to="/generate"
            className="inline-flex items-center rounded-lg bg-accent-600 px-4 py-2.5 font-semibold text-white no-underline hover:bg-accent-700"
          >
            Try Free Videos
          </Link>
        )}
        <button
          type="button"
          onClick={onViewHistory}
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          <History aria-hidden="true" className="size-4" />
          View History
        </button>
      </div>
    </section>
  );
}
