const STEPS = [
  {
    title: 'Upload your photos',
    body: 'One composite image (the before and the after side by side, or stacked), or the before and the after as two photos. iPhone HEIC photos work as they are.',
  },
  {
    title: 'Check the live preview',
    body: 'Pick the style, format and branding. The preview plays in your browser at once, before any credit is spent.',
  },
  {
    title: 'Render on our servers',
    body: 'Confirm consent and generate. The MP4 is rendered in seconds from the same timeline, moving only your real photos.',
  },
  {
    title: 'Download and share',
    body: 'A real MP4 (H.264) in 16:9, 9:16 or 1:1, ready for your website, Instagram, TikTok or YouTube.',
  },
] as const;

export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading">
      <h2 id="how-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        How it works
      </h2>
      <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-5">
            <span
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
            >
              {index + 1}
            </span>
            <h3 className="mt-3 font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-1 text-sm text-slate-600">{step.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
