// The 'Schedule Demo' button looks the same before and after its dialog's code has loaded.
export const demoTriggerClass =
  'inline-flex w-full items-center justify-center rounded-lg bg-white px-6 py-3.5 text-lg font-semibold text-brand-800 shadow-md transition hover:bg-brand-50 sm:w-auto';
