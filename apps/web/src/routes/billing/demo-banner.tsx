import { BILLING_COPY } from '@glowreel/contracts';
import { ShieldCheck } from 'lucide-react';

/** Said plainly on every demo billing page: nothing here charges anyone. */
export function DemoBanner() {
  return (
    <p className="flex items-center gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 font-semibold text-amber-900">
      <ShieldCheck aria-hidden="true" className="size-5 shrink-0" />
      {BILLING_COPY.demoNotice}
    </p>
  );
}
