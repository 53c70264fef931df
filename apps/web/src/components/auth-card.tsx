import type { ReactNode } from 'react';

interface AuthCardProps {
  /** The browser tab's name for the screen, e.g. "Sign In". */
  documentTitle: string;
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}

/** The shared frame of the sign-in and registration screens. */
export function AuthCard({ documentTitle, title, subtitle, children, footer }: AuthCardProps) {
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      <title>{`${documentTitle} · Glowreel`}</title>
      <div className="w-full max-w-md">
        <div className="mb-8 text-center">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-2 text-slate-600">{subtitle}</p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {children}
        </div>
        <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>
      </div>
    </div>
  );
}
