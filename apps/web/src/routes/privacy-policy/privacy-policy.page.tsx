import { SITE_COPY } from '@glowreel/contracts';
import { Link } from 'react-router';
import { DocSection, StaticPage } from '../../components/static-page.tsx';
import { SITE_CONFIG } from '../../components/site-config.ts';

const CONTENTS = [
  { id: 'what-we-collect', label: 'What we collect' },
  { id: 'patient-photos', label: 'Patient photos' },
  { id: 'where-it-is-kept', label: 'Where it is kept' },
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
            Account data: your name, e-mail address, password (stored only as a salted hash), an
            optional profile photo, and your clinic&apos;s brand kit (name, contact line, colour,
            typeface and logo).
          </li>
          <li>
            Videos: the finished MP4 and its poster image, with the title, options, status, file
            size, duration and a provenance record of every transformation applied.
          </li>
          <li>
            Consent records: for every video, who attested the patient&apos;s consent and when, from
            which IP address and browser, the channels it covers, its expiry date, your own patient
            reference (never the patient&apos;s name) and, if it is revoked, when and why.
          </li>
          <li>
            An audit log of your account: sign-ins and failed sign-ins, password and e-mail changes,
            sessions revoked, API keys created and revoked, videos created, downloaded and deleted,
            consents revoked or expired, plan changes, exports and account deletion, each with the
            time, IP address and browser.
          </li>
          <li>
            Usage data: your plan, your credit balance and its history, and the feedback you give on
            videos.
          </li>
          <li>
            Technical data: IP address and browser of your sessions, used to keep the service
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
      <DocSection id="where-it-is-kept" title="Where it is kept">
        <p>
          Everything is kept on the server that runs this Glowreel: records in its database, and
          finished videos, posters, logos and profile photos as files in its data folder, readable
          only by the server itself. Videos are not copied to any cloud storage service.
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
            Videos: until you delete them. A deleted video&apos;s MP4 and poster are removed from
            storage at once; its record keeps only what the credit ledger and the audit log need.
          </li>
          <li>
            If this Glowreel is set to keep videos for a fixed number of days, older videos are
            deleted automatically.
          </li>
          <li>
            Your account: until you delete it, or 90 days after your subscription is cancelled, when
            it is deleted. We e-mail you a warning 7 days before.
          </li>
          <li>Data exports: 24 hours, then the file is removed.</li>
          <li>
            Consents: a consent that reaches its expiry date withdraws its video, checked daily and
            whenever the video is opened.
          </li>
          <li>
            After an account is deleted we keep only the anonymised credit ledger totals the
            accounts need and one audit log entry saying when it was deleted; the rest of its audit
            log is deleted with it.
          </li>
          <li>Uploaded photos: only for the duration of the render.</li>
        </ul>
      </DocSection>
      <DocSection id="sharing" title="Who we share it with">
        <p>
          Rendering and face analysis run on our own server; no photo or video is sent to another
          company. Depending on how this Glowreel is set up, these processors may receive some of
          your data:
        </p>
        <ul>
          <li>
            Stripe, only when billing runs through Stripe: your name, e-mail address and plan. Card
            details go straight to Stripe; we never see or store them. Without Stripe, plans use the
            built-in billing and no payment processor is involved.
          </li>
          <li>
            An e-mail provider (SMTP server), only when one is configured: the address and text of
            the e-mails we send you. Otherwise e-mails stay in the server&apos;s outbox.
          </li>
          <li>
            Google or another OpenID Connect provider, only when that sign-in is offered and you
            choose it: it tells us your name, e-mail address and profile picture.
          </li>
        </ul>
        <p>We also share data with authorities when the law requires it.</p>
      </DocSection>
      <DocSection id="your-rights" title="Your rights">
        <ul>
          <li>
            See and correct your account data on your <Link to="/account">account page</Link>.
          </li>
          <li>Delete any video from your video history, or through the API.</li>
          <li>
            Revoke a patient&apos;s consent from your video history: the video is withdrawn and its
            downloads and links stop working.
          </li>
          <li>
            Download your data from your account page: a zip with your profile, plan, credit
            history, videos with their provenance and consent records, your audit log, and the MP4s.
          </li>
          <li>
            Delete your account from your account page, after confirming your password: your videos,
            keys, webhooks, brand kit, sessions and profile are deleted.
          </li>
        </ul>
        <p>
          Questions about your data:{' '}
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
