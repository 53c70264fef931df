// The creative vocabularies of issue #16, shared by the form, the API, the brand kit and
// the engine: templates, treated areas and the bundled typefaces.

import type { Aspect } from './video-options.ts';

/** The templates a clinic picks from; each is designed for every format. */
export const TEMPLATES = ['reveal', 'split', 'detail', 'story'] as const;
export type Template = (typeof TEMPLATES)[number];

export const TEMPLATE_LABELS: Record<Template, string> = {
  reveal: 'Reveal',
  split: 'Split',
  detail: 'Detail',
  story: 'Story',
};

/** One line each for the picker and the docs: what the clinic will see. */
export const TEMPLATE_DESCRIPTIONS: Record<Template, string> = {
  reveal:
    'The before photo, then a wipe reveals the after (side by side when the photos are too narrow for the format).',
  split: 'Before and after together, then a slow push-in where the faces leave room.',
  detail:
    'Close-ups of the treated area, before and after in turn (beside the face, or side by side, when the photos are narrow).',
  story: 'A title card, the before and the after, then your end card.',
};

/**
 * The template a format gets when none is chosen. Reels and TikTok viewers decide in 2–3 s,
 * so 9:16 opens full-frame on the face with the hook and reveals at once (Reveal); the
 * square feed and wide frames show both photos together from the first frame (Split), which
 * also fills a wide frame with portrait photos.
 */
export function defaultTemplateFor(aspect: Aspect): Template {
  switch (aspect) {
    case '9:16':
      return 'reveal';
    case '1:1':
    case '16:9':
      return 'split';
  }
}
export function isTemplate(value: unknown): value is Template {
  return typeof value === 'string' && (TEMPLATES as readonly string[]).includes(value);
}

const FORMATS: readonly Aspect[] = ['16:9', '9:16', '1:1'];

/**
 * The refusal of an unknown template, naming the valid ones (the form and the API alike).
 * What came in is quoted as JSON and cut short, so a hostile value cannot shape the message.
 */
export function invalidTemplateMessage(received: unknown): string {
  const shown = JSON.stringify(typeof received === 'string' ? received.slice(0, 40) : received);
  const defaults = FORMATS.map((aspect) => `${defaultTemplateFor(aspect)} in ${aspect}`).join(', ');
  return `Unknown template ${shown ?? 'value'}. Choose one of: ${TEMPLATES.join(', ')}; or leave it out for the format's default (${defaults}).`;
}

/** Where the treatment was: face motion never moves this part of the after photo. */
export const TREATED_AREAS = [
  'lips',
  'brows_forehead',
  'eyes',
  'cheeks',
  'jawline_chin',
  'nose',
  'skin',
  'body',
  'other',
] as const;
export type TreatedAreaName = (typeof TREATED_AREAS)[number];

export const TREATED_AREA_LABELS: Record<TreatedAreaName, string> = {
  lips: 'Lips',
  brows_forehead: 'Brows / forehead',
  eyes: 'Eyes',
  cheeks: 'Cheeks',
  jawline_chin: 'Jawline / chin',
  nose: 'Nose',
  skin: 'Skin',
  body: 'Body',
  other: 'Other',
};

/** Open-licence typefaces bundled from npm (@fontsource), drawn the same in preview and render. */
export const TYPEFACES = ['inter', 'playfair_display', 'montserrat'] as const;
export type Typeface = (typeof TYPEFACES)[number];

export const TYPEFACE_LABELS: Record<Typeface, string> = {
  inter: 'Inter (clean sans)',
  playfair_display: 'Playfair Display (elegant serif)',
  montserrat: 'Montserrat (geometric sans)',
};

export const DEFAULT_TYPEFACE: Typeface = 'inter';
