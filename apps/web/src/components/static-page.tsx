import type { ReactNode } from 'react';

interface StaticPageProps {
  title: string;
  intro: ReactNode;
  /** A small line above the title, e.g. the legal pages' date. */
  eyebrow?: string;
  /** Section links shown beside the text on wide screens. */
  contents?: readonly { id: string; label: string }[];
  children: ReactNode;
}

/** The frame of the documentation, API and legal pages: one title band, readable text. */
export function StaticPage({ title, intro, eyebrow, contents, children }: StaticPageProps) {
  return (
    <div>
      <title>{`${title} · Glowreel`}</title>
      <div className="border-b border-slate-100 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
          {eyebrow && <p className="text-sm font-medium text-brand-700">{eyebrow}</p>}
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h1>
          <div className="mt-4 max-w-2xl text-lg text-slate-600">{intro}</div>
        </div>
      </div>
      <div className="mx-auto flex max-w-6xl gap-12 px-4 py-10 sm:px-6 sm:py-14">
        {contents && (
          <nav aria-label="On this page" className="hidden w-56 shrink-0 lg:block">
            <div className="sticky top-24">
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                On this page
              </p>
              <ul className="mt-3 space-y-2 text-sm">
                {contents.map((entry) => (
                  <li key={entry.id}>
                    <a href={`#${entry.id}`} className="text-slate-600 hover:text-brand-700">
                      {entry.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </nav>
        )}
        <div className="doc-prose min-w-0 max-w-3xl flex-1">{children}</div>
      </div>
    </div>
  );
}

/** A titled section of a static page; its id is the anchor of the contents list. */
export function DocSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}
