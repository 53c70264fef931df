import type { Profile } from '@glowreel/contracts';

/** SPEC §2 free and bonus credit badges, with the total = free + bonus + plan videos (§4). */
export function CreditBadges({ profile }: { profile: Profile }) {
  const { credits } = profile;
  return (
    <dl className="flex flex-wrap gap-2 text-sm">
      <Badge label="Free credits" value={credits.free} className="bg-brand-50 text-brand-800" />
      <Badge label="Bonus credits" value={credits.bonus} className="bg-violet-50 text-violet-800" />
      <Badge label="Total credits" value={credits.total} className="bg-slate-100 text-slate-800" />
    </dl>
  );
}

function Badge({ label, value, className }: { label: string; value: number; className: string }) {
  return (
    <div className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 ${className}`}>
      <dt className="font-medium">{label}</dt>
      <dd className="font-bold" data-testid={label.toLowerCase().replaceAll(' ', '-')}>
        {value}
      </dd>
    </div>
  );
}
