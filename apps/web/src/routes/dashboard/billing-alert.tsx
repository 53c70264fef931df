import { AlertTriangle, X } from 'lucide-react';

interface BillingAlertBannerProps {
  title: string;
  detail?: string | null;
  onDismiss?: () => void;
}

/** SPEC §8 alerts, shown in the page rather than as a blocking browser dialog. */
export function BillingAlertBanner({ title, detail, onDismiss }: BillingAlertBannerProps) {
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-accent-100 bg-accent-50 p-4 text-sm text-accent-700"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        {detail && detail !== title && <p className="mt-1 text-slate-700">{detail}</p>}
      </div>
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="-m-1 inline-flex size-8 items-center justify-center rounded-lg hover:bg-accent-100"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
