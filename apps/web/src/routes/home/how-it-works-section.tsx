import { Download, ScanFace, Upload, Video, type LucideIcon } from 'lucide-react';
import { SectionHeading } from './section-heading.tsx';

const STEPS: readonly { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Upload,
    title: 'Upload photos',
    body: 'One before-and-after photo (side by side or stacked) or two separate photos. JPG, PNG, WEBP, GIF or iPhone HEIC, under 10 MB each.',
  },
  {
    icon: ScanFace,
    title: 'Automatic analysis',
    body: 'We find the before and after panels and line up the faces so the comparison is fair.',
  },
  {
    icon: Video,
    title: 'Video generation',
    body: 'Choose a style, format and branding, check the live preview, then render the MP4.',
  },
  {
    icon: Download,
    title: 'Download & share',
    body: 'Download a real MP4 that plays everywhere and post it to your site and social channels.',
  },
];

export function HowItWorksSection() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-heading"
      className="scroll-mt-20 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="how-heading"
          eyebrow="How it works"
          title="From photo to video in four steps"
        />
        <ol className="mt-14 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ icon: Icon, title, body }, index) => (
            <li key={title} className="relative text-center">
              <span className="relative mx-auto flex size-16 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-600 to-brand-800 text-white shadow-md">
                <Icon aria-hidden="true" className="size-7" />
                <span className="absolute -top-2 -right-2 flex size-7 items-center justify-center rounded-full bg-accent-600 text-xs font-bold text-white ring-4 ring-white">
                  {index + 1}
                </span>
              </span>
              <h3 className="mt-6 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
