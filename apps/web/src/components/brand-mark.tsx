/** The wordmark: a gradient tile with a play triangle, and the product name. */
export function BrandMark({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <span className="flex items-center gap-2 text-xl font-bold tracking-tight">
      <span
        aria-hidden="true"
        className="inline-flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-brand-500 to-accent-500 shadow-sm"
      >
        <svg viewBox="0 0 16 16" className="size-3.5 fill-white">
          <path d="M4 2.5v11l9-5.5z" />
        </svg>
      </span>
      <span className={tone === 'dark' ? 'text-slate-900' : 'text-white'}>Glowreel</span>
    </span>
  );
}
