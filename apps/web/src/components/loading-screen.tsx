import { COPY } from '@glowreel/contracts';

export function LoadingScreen() {
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-3">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
      />
      <span className="text-sm font-medium text-slate-600">{COPY.loading}</span>
    </div>
  );
}
