// Shared by the lazily loaded menus and the placeholders drawn while they load.
export const profileTriggerClass =
  'flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-700 transition hover:bg-slate-100 data-[state=open]:bg-slate-100';
export const menuButtonClass =
  'inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden';
