// Public-site content shared by the landing page, the static pages and the sample renderer.

/** SPEC §2: the carousel's eight sample videos, in order. Files live at /samples/<slug>.mp4|.jpg. */
export interface SampleVideo {
  slug: string;
  title: string;
}

export const SAMPLE_VIDEOS: readonly SampleVideo[] = [
  { slug: 'lip-refill', title: 'Lip Refill' },
  { slug: 'facial-rejuvenation', title: 'Facial Rejuvenation' },
  { slug: 'skin-tightening', title: 'Skin Tightening' },
  { slug: 'wrinkle-reduction', title: 'Wrinkle Reduction' },
  { slug: 'laser-treatment', title: 'Laser Treatment' },
  { slug: 'filler-treatment', title: 'Filler Treatment' },
  { slug: 'botox-results', title: 'Botox Results' },
  { slug: 'prx-derm-perfexion', title: 'PRX Derm Perfexion' },
];

/**
 * DESIGN.md D2: the one timing claim. docs/perf.md measures one 1080p render at about 4–5 s
 * and 720p at about 2–3 s on the standard 2-core machine, but four 1080p renders accepted at
 * once finished 7.8, 9.5, 14.6 and 15.3 s after creation: renders queue, so the claim says
 * "usually" and the FAQ explains busy times. Every page that mentions timing says this.
 */
export const VIDEO_READY_SECONDS = 10;
export const VIDEO_READY_CLAIM = `usually ready in under ${VIDEO_READY_SECONDS} seconds`;
/** The FAQ's and the docs' answer for busy times (issue #18 §5). */
export const BUSY_TIMES_EXPLANATION =
  'At busy times renders wait their turn: each server renders a few at once and the rest queue, so a video can take two or three times as long. The progress bar shows where yours is, and API clients get an estimated_completion worked out from the queue ahead and recent render times.';
/** SPEC §4 copy advice. */
export const RETRY_AFTER_MINUTES = 5;

/**
 * DESIGN.md D9: the operator's public contact details. These are the defaults; an operator
 * overrides them at build time with content/site.json (see README.md "Operator content").
 */
export interface SiteConfig {
  contactEmail: string;
  supportEmail: string;
  emergencyEmail: string;
  contactPhone: string;
  address: string;
  communityUrl: string;
}

export const DEFAULT_SITE_CONFIG: SiteConfig = {
  contactEmail: 'hello@glowreel.example',
  supportEmail: 'support@glowreel.example',
  emergencyEmail: 'urgent@glowreel.example',
  contactPhone: '+1 (555) 010-0199',
  address: '100 Example Street, Suite 200, San Francisco, CA 94105',
  communityUrl: 'https://community.glowreel.example',
};

/** SPEC §8 texts of the public site. */
export const SITE_COPY = {
  planSelectionFailed: 'Failed to proceed with plan selection. Please try again.',
  demoSucceeded: "Demo request submitted successfully! We'll get back to you soon.",
  demoFailed: (email: string) =>
    `Failed to submit demo request. Please try again or contact us directly at ${email}.`,
  supportNoResults: 'No results found',
  supportNoResultsHint: 'Try adjusting your search terms or browse all categories.',
  legalLastUpdated: 'Last Updated: January 15, 2024',
} as const;
