import type { ReactNode } from 'react';

interface PagePlaceholderProps {
  title: string;
  intro: string;
  children?: ReactNode;
}

/** A tidy stand-in for a page whose full content lands in a later issue. */
export function PagePlaceholder({ title, intro, children }: PagePlaceholderProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <title>{`${title} · Glowreel`}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{intro}</p>
      {children}
    </div>
  );
}
