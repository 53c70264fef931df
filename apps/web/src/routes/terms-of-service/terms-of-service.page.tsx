import { PLANS, SITE_COPY } from '@glowreel/contracts';
import { Link } from 'react-router';
import { DocSection, StaticPage } from '../../components/static-page.tsx';
import { SITE_CONFIG } from '../../components/site-config.ts';

const CONTENTS = [
  { id: 'the-service', label: 'The service' },
  { id: 'your-content', label: 'Your content and consent' },
  { id: 'plans-and-billing', label: 'Plans and billing' },
  { id: 'cancellation', label: 'Cancellation' },
  { id: 'your-data', label: 'Your data' },
  { id: 'acceptable-use', label: 'Acceptable use' },
  { id: 'liability', label: 'Liability' },
  { id: 'disputes', label: 'Disputes and governing law' },
] as const;

export function TermsOfServicePage() {
  return (
    <StaticPage
      title="Terms of Service"
      eyebrow={SITE_COPY.legalLastUpdated}
      intro={
        <>
          The agreement between your clinic and Glowreel. How we handle data is described in our{' '}
          <Link
            to="/privacy-policy"
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            Privacy Policy
          </Link>
          .
        </>
      }
      contents={CONTENTS}
    >
      <DocSection id="the-service" title="The service">
        <p>
          Glowreel turns before-and-after photos you upload into short videos. The engine moves and
          reveals your real photos; it does not generate or retouch skin. You must be 18 or older
          and authorised to act for your clinic to use it.
        </p>
      </DocSection>
      <DocSection id="your-content" title="Your content and consent">
        <ul>
          <li>
            You keep all rights to your photos and videos, and you may use the videos commercially,
            including in advertising.
          </li>
          <li>
            You confirm before each render that you have the patient&apos;s consent to create and
            publish the video, and you are responsible for meeting the advertising and
            health-privacy rules that apply to you.
          </li>
          <li>
            Each video keeps a record of that consent: who attested it, when, the channels it covers
            and its expiry. When you revoke a consent, or it expires, the video is withdrawn and can
            no longer be downloaded.
          </li>
          <li>
            We process your photos only to render your video and delete them when the render ends,
            as our <Link to="/privacy-policy">Privacy Policy</Link> explains.
          </li>
        </ul>
      </DocSection>
      <DocSection id="plans-and-billing" title="Plans and billing">
        <ul>
          <li>
            Plans:{' '}
            {PLANS.map(
              (plan) =>
                `${plan.name} $${plan.priceUsdPerMonth} per month for ${plan.videosPerMonth} videos`,
            ).join('; ')}
            . New accounts receive free credits.
          </li>
          <li>One credit is spent per video. A render that fails refunds its credit.</li>
          <li>
            Plans renew monthly until cancelled. We will give you 30 days&apos; notice of any fee
            change.
          </li>
        </ul>
      </DocSection>
      <DocSection id="cancellation" title="Cancellation">
        <p>
          You can cancel at any time. You keep access until the end of the billing period you paid
          for; partial periods are not refunded. Your account and data are preserved for 90 days
          after cancellation, then deleted; we e-mail you a warning 7 days before.
        </p>
      </DocSection>
      <DocSection id="your-data" title="Your data">
        <ul>
          <li>
            You can delete any video, download all your data (kept for you for 24 hours) or delete
            your account at any time from your account page.
          </li>
          <li>
            Your videos, logos and records are kept on the server that runs this Glowreel, as our{' '}
            <Link to="/privacy-policy">Privacy Policy</Link> describes with the processors it may
            use.
          </li>
        </ul>
      </DocSection>
      <DocSection id="acceptable-use" title="Acceptable use">
        <ul>
          <li>Upload only photos you have the right and the consent to use.</li>
          <li>Do not upload images of minors, or content that is unlawful or misleading.</li>
          <li>
            Do not try to break, overload or reverse-engineer the service or get around its limits.
          </li>
        </ul>
      </DocSection>
      <DocSection id="liability" title="Liability">
        <p>
          The service is provided as is. To the extent the law allows, our total liability for any
          claim is limited to the amount you paid us in the 12 months before the claim.
        </p>
      </DocSection>
      <DocSection id="disputes" title="Disputes and governing law">
        <p>
          These terms are governed by the laws of the State of California. Disputes are settled by
          binding arbitration in San Francisco, California, except claims under $10,000, which
          either party may bring in small claims court. We will notify you of significant changes to
          these terms at least 30 days in advance. Questions:{' '}
          <a href={`mailto:${SITE_CONFIG.contactEmail}`}>{SITE_CONFIG.contactEmail}</a>.
        </p>
      </DocSection>
    </StaticPage>
  );
}
