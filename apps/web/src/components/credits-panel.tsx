import type { Profile } from '@glowreel/contracts';
import type { ReactNode } from 'react';
import { formatCredits } from '../lib/credits.ts';

interface CreditsPanelProps {
  profile: Profile;
  /** Follow-up actions shown under the breakdown. */
  children?: ReactNode;
}

/** SPEC §4: total available = free + bonus + plan videos remaining, with the parts listed. */
export function CreditsPanel({ profile, children }: CreditsPanelProps) {
  const { credits, subscription } = profile;
  return (
    <section
      aria-labelledby="credits-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2
        id="credits-heading"
        className="text-sm font-semibold tracking-wide text-slate-500 uppercase"
      >
        Available credits
      </h2>
      <p className="mt-2 text-4xl font-bold tracking-tight text-brand-700">
        {formatCredits(credits.total)}
      </p>
      <dl className="mt-5 grid grid-cols-3 gap-3 text-center">
        <CreditPart label="Free credits" value={String(credits.free)} />
        <CreditPart label="Bonus credits" value={String(credits.bonus)} />
        <CreditPart
          label="Plan videos"
          value={`${subscription.videosRemaining} of ${subscription.videosTotal}`}
        />
      </dl>
      {children}
    </section>
  );
}

function CreditPart({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-brand-50 px-2 py-3">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
