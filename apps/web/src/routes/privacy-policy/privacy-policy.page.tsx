import { SITE_COPY } from '@glowreel/contracts';
import { DocSection, StaticPage } from '../../components/static-page.tsx';
import { SITE_CONFIG } from '../../components/site-config.ts';

const CONTENTS = [
  { id: 'what-we-collect', label: 'What we collect' },
  { id: 'patient-photos', label: 'Patient photos' },
  { id: 'how-we-use-it', label: 'How we use it' },
  { id: 'retention', label: 'How long we keep it' },
  { id: 'sharing', label: 'Who we share it with' },
  { id: 'your-rights', label: 'Your rights' },
  { id: 'changes', label: 'Changes and contact' },
] as const;

export function PrivacyPolicyPage() {
  return (
    <StaticPage
      title="Privacy Policy"
      eyebrow={SITE_COPY.legalLastUpdated}
      intro="What Glowreel collects when your clinic uses it, why, and how long we keep it."
      contents={CONTENTS}
    >
      <DocSection id="what-we-collect" title="What we collect">
        <ul>
          <li>
            Account data: your name, e-mail address, practice or business name, password (stored
            only as a salted hash) and profile information such as a profile photo.
          </li>
          <li>
            Usage data: the videos you create (title, options, status, file size, duration), your
            credit balance and its history, and the feedback you give on videos.
          </li>
          <li>
            Billing data: your plan and subscription status. Card details go straight to our payment
            processor; we never see or store them.
          </li>
          <li>
            Technical data: IP address, browser type and request logs, used to keep the service
            secure.
          </li>
        </ul>
      </DocSection>
      <DocSection id="patient-photos" title="Patient photos">
        <p>
          The before-and-after photos you upload are used only to render your video. They live in
          memory or a private temporary file for the duration of the render and are deleted as soon
          as it ends, whether it succeeds or fails. They are never written to our database or to
          video storage. The finished video is stored in your account until you delete it.
        </p>
        <p>
          You are responsible for having each patient&apos;s consent to create and publish their
          video, and you confirm this before every render. Glowreel is intended for users 18 or
          older.
        </p>
      </DocSection>
      <DocSection id="how-we-use-it" title="How we use it">
        <ul>
          <li>To provide the service: sign-in, rendering, downloads, credits and billing.</li>
          <li>To improve video quality, using the feedback you choose to give.</li>
          <li>To answer your support requests and demo requests.</li>
          <li>To prevent abuse and keep the service secure.</li>
        </ul>
        <p>We do not sell your data and we do not use your videos for advertising.</p>
      </DocSection>
      <DocSection id="retention" title="How long we keep it">
        <ul>
          <li>
            Account data and videos: while your account is open, and for 90 days after cancellation
            so you can come back.
          </li>
          <li>Usage analytics: up to 2 years.</li>
          <li>Payment records: typically 7 years, as tax law requires.</li>
          <li>Uploaded photos: only for the duration of the render.</li>
        </ul>
      </DocSection>
      <DocSection id="sharing" title="Who we share it with">
        <p>
          Only with the processors that run the service for us (hosting, e-mail and the payment
          processor), under contracts that limit them to that purpose, and with authorities when the
          law requires it.
        </p>
      </DocSection>
      <DocSection id="your-rights" title="Your rights">
        <p>
          You can see and correct your account data, download your videos, delete videos, and ask us
          to delete your account or export your data by writing to{' '}
          <a href={`mailto:${SITE_CONFIG.contactEmail}`}>{SITE_CONFIG.contactEmail}</a>.
        </p>
      </DocSection>
      <DocSection id="changes" title="Changes and contact">
        <p>
          We will tell you about significant changes to this policy at least 30 days before they
          take effect. Questions:{' '}
          <a href={`mailto:${SITE_CONFIG.contactEmail}`}>{SITE_CONFIG.contactEmail}</a>,{' '}
          {SITE_CONFIG.address}.
        </p>
      </DocSection>
    </StaticPage>
  );
}
