import { findPlan } from '@glowreel/contracts';
import { CheckCircle2, Info, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

const TOAST_MS = 8000;

interface Toast {
  kind: 'success' | 'canceled';
  message: string;
}

/**
 * SPEC §7 return from checkout: ?success=true&plan=… or ?canceled=true. Shows a toast once,
 * asks the page to re-read the account (the plan may just have changed), and tidies the URL.
 */
function toastFrom(searchParams: URLSearchParams): Toast | null {
  if (searchParams.get('success') === 'true') {
    const planName = findPlan(searchParams.get('plan') ?? '')?.name;
    return {
      kind: 'success',
      message: `Payment complete: ${planName ? `your ${planName} plan` : 'your plan'} is active.`,
    };
  }
  if (searchParams.get('canceled') === 'true') {
    return { kind: 'canceled', message: 'Checkout canceled. Your plan has not changed.' };
  }
  return null;
}

export function ReturnToast({ onReturn }: { onReturn: (kind: Toast['kind']) => void }) {
  const [searchParams, setSearchParams] = useSearchParams();
  // Read once when the dashboard opens: the address is tidied right after.
  const [toast, setToast] = useState<Toast | null>(() => toastFrom(searchParams));
  const returnKind = toastFrom(searchParams)?.kind ?? null;

  useEffect(() => {
    if (returnKind === null) return;
    onReturn(returnKind);
    setSearchParams({}, { replace: true });
  }, [returnKind, onReturn, setSearchParams]);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  if (!toast) return null;
  const Icon = toast.kind === 'success' ? CheckCircle2 : Info;
  return (
    <div
      role="status"
      className="fixed right-4 bottom-4 left-4 z-40 mx-auto flex max-w-md items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-lg sm:left-auto"
    >
      <Icon
        aria-hidden="true"
        className={`mt-0.5 size-5 shrink-0 ${toast.kind === 'success' ? 'text-brand-600' : 'text-slate-500'}`}
      />
      <p className="flex-1 text-sm font-medium text-slate-800">{toast.message}</p>
      <button
        type="button"
        onClick={() => setToast(null)}
        aria-label="Dismiss"
        className="-m-1 inline-flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
