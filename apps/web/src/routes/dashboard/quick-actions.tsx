import { History, Video } from 'lucide-react';
import { Link } from 'react-router';

const actionClass =
  'flex w-full items-center gap-3 rounded-xl border border-slate-200 p-4 text-left font-semibold text-slate-800 no-underline hover:border-brand-300 hover:bg-brand-50';

/** SPEC §2 Quick Actions of the paid dashboard. */
export function QuickActions({ onViewHistory }: { onViewHistory: () => void }) {
  return (
    <section
      aria-labelledby="quick-actions-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="quick-actions-heading" className="text-lg font-semibold text-slate-900">
        Quick Actions
      </h2>
      <div className="mt-4 space-y-3">
        <Link to="/generate" className={actionClass}>
          <Video aria-hidden="true" className="size-5 text-brand-700" />
          Generate Video
        </Link>
        <button type="button" onClick={onViewHistory} className={actionClass}>
          <History aria-hidden="true" className="size-5 text-brand-700" />
          View History
        </button>
      </div>
    </section>
  );
}
