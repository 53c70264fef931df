import {
  BUSY_TIMES_EXPLANATION,
  NEW_PROFILE_DEFAULTS,
  PLANS,
  RETRY_AFTER_MINUTES,
  VIDEO_DURATION_SECONDS,
  VIDEO_READY_CLAIM,
} from '@glowreel/contracts';

export const FAQ_CATEGORIES = ['Getting Started', 'Technical', 'Billing', 'Compliance'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export interface FaqEntry {
  category: FaqCategory;
  question: string;
  answer: string;
}

const planPrices = PLANS.map(
  (plan) =>
    `${plan.name} $${plan.priceUsdPerMonth}/month for ${plan.videosPerMonth} videos a month at ${plan.resolution}`,
).join('; ');

// SPEC §2: eight entries, 2 getting started, 3 technical, 2 billing, 1 compliance; every
// figure comes from the same constants as the rest of the product (DESIGN.md D1, D2, D13).
export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    category: 'Getting Started',
    question: 'How do I create my first video?',
    answer: `Create an account, open Generate and upload one before-and-after photo. Pick a style, format and branding, watch the live preview, confirm the patient's consent and press Generate. New accounts get ${NEW_PROFILE_DEFAULTS.freeCredits + NEW_PROFILE_DEFAULTS.videosRemaining} free credits; one credit makes one video.`,
  },
  {
    category: 'Getting Started',
    question: 'What kind of photo should I upload?',
    answer:
      'One composite image with the before and the after side by side or stacked, or the before and the after as two separate photos. JPG, PNG, WEBP, a still GIF or HEIC/HEIF (the iPhone default), under 10 MB each, ideally at least 720 px on the smallest side, taken with the same framing and lighting.',
  },
  {
    category: 'Technical',
    question: 'How long does a video take?',
    answer: `Videos are ${VIDEO_READY_CLAIM}: they render on our servers, not in your browser. ${BUSY_TIMES_EXPLANATION} If one is still running after ${RETRY_AFTER_MINUTES} minutes, refresh the page and try again.`,
  },
  {
    category: 'Technical',
    question: 'Which video formats do I get?',
    answer: `An H.264 MP4 of ${VIDEO_DURATION_SECONDS} seconds in 16:9, 9:16 or 1:1 that plays in every browser and uploads to Instagram and TikTok. Free and Starter render at 720p; Professional and Enterprise at 1080p.`,
  },
  {
    category: 'Technical',
    question: 'Why was my photo rejected?',
    answer:
      'The file is not a supported image, is animated, is larger than 10 MB or is damaged. iPhone HEIC/HEIF photos are accepted as they are. A failed upload or render never costs a credit.',
  },
  {
    category: 'Billing',
    question: 'How much do the plans cost?',
    answer: `${planPrices}. Every new account starts with free credits, so you can try it before you pay.`,
  },
  {
    category: 'Billing',
    question: 'Can I cancel at any time?',
    answer:
      'Yes. You keep access until the end of the billing period you paid for; partial periods are not refunded. Your account and videos are kept for 90 days after cancellation, then deleted; we e-mail you a warning 7 days before.',
  },
  {
    category: 'Compliance',
    question: 'Do you store my patients’ photos?',
    answer:
      'No. Uploaded photos are used only for the render and deleted as soon as it ends; they never reach our database or video storage. You confirm you have the patient’s consent before each render, and the engine only moves the real photos: skin is never repainted.',
  },
];

/** SPEC §2: a case-insensitive substring over question and answer, within one category. */
export function filterFaq(
  entries: readonly FaqEntry[],
  query: string,
  category: FaqCategory | 'All',
): FaqEntry[] {
  const needle = query.trim().toLowerCase();
  return entries.filter(
    (entry) =>
      (category === 'All' || entry.category === category) &&
      (needle === '' ||
        entry.question.toLowerCase().includes(needle) ||
        entry.answer.toLowerCase().includes(needle)),
  );
}
