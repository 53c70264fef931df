// One look for every form control, so the auth pages and later forms stay consistent.
export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none aria-[invalid=true]:border-accent-500 aria-[invalid=true]:focus:ring-accent-100';

export const labelClass = 'mb-1.5 block text-sm font-medium text-slate-700';

export const primaryButtonClass =
  'inline-flex w-full items-center justify-center rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white shadow-sm transition hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-500';

export const fieldErrorClass = 'mt-1.5 text-sm text-accent-600';
