import { VIDEO_READY_CLAIM } from '@glowreel/contracts';
import {
  Clock,
  Film,
  type LucideIcon,
  Megaphone,
  ShieldCheck,
  Sparkles,
  Users,
} from 'lucide-react';
import { SectionHeading } from './section-heading.tsx';

interface Feature {
  icon: LucideIcon;
  title: string;
  body: string;
}

// SPEC §2's six cards, each worded as something this product actually does.
const FEATURES: readonly Feature[] = [
  {
    icon: Sparkles,
    title: 'Fast, face-aware engine',
    body: `Face detection lines up the before and after, and the finished MP4 is ${VIDEO_READY_CLAIM}.`,
  },
  {
    icon: ShieldCheck,
    title: 'Built for patient privacy',
    body: 'Uploaded photos are deleted as soon as the render ends: never kept in our database or video storage. Every render asks for your consent attestation.',
  },
  {
    icon: Clock,
    title: 'Save hours of editing',
    body: 'No editing software, no freelancer: upload a photo, pick a style, see a live preview, download.',
  },
  {
    icon: Film,
    title: 'Professional quality',
    body: 'Real H.264 MP4 at 30 fps in 16:9, 9:16 or 1:1, at 720p on Starter and 1080p on Professional and Enterprise.',
  },
  {
    icon: Users,
    title: 'Patient engagement',
    body: 'A clear, labelled before and after helps patients picture their own results during consultations.',
  },
  {
    icon: Megaphone,
    title: 'Social media growth',
    body: "Vertical and square formats for Instagram and TikTok, with your clinic's name and the disclosure captions ads need.",
  },
];

export function FeaturesSection() {
  return (
    <section
      id="features"
      aria-labelledby="features-heading"
      className="scroll-mt-20 bg-slate-50 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="features-heading"
          eyebrow="Features"
          title="Everything a clinic needs to show results"
        >
          Honest by construction: the engine only moves your real photos. Skin is never repainted,
          smoothed or sharpened.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <li
              key={title}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
