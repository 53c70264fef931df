// The creative vocabularies of issue #16, shared by the form, the API, the brand kit and
// the engine: templates, treated areas and the bundled typefaces.

/** The templates a clinic picks from; each is designed for every format. */
export const TEMPLATES = ['reveal', 'split', 'detail', 'story'] as const;
export type Template = (typeof TEMPLATES)[number];

export const TEMPLATE_LABELS: Record<Template, string> = {
  reveal: 'Reveal',
  split: 'Split',
  detail: 'Detail',
  story: 'Story',
};

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
