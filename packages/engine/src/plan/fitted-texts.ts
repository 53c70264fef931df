// Every text of a video fitted to its slot once, while the plan is built: the treatment's
// hook, the BEFORE/AFTER badges, the handle, the disclosure and the end card's lines. Fitted
// with the bundled fonts' own metrics (text/bundled-measure.ts), so the browser preview and
// the server render get the same lines at the same sizes before frame 0.
import { DEFAULT_TYPEFACE } from '@glowreel/contracts';
import { bundledTextMeasure } from '../text/bundled-measure.ts';
import { minLegibleFontSize } from '../text/cap-height.ts';
import { DEFAULT_LINE_HEIGHT, fitText, type FittedText } from '../text/fit-text.ts';
import type { FontWeight } from '../text/typefaces.ts';
import type { Layout } from './layout.ts';
import type { Scene } from './scene.ts';

/** A text fitted to a slot of the safe area: its lines and the band drawn behind them. */
export interface FittedBlock {
  lines: string[];
  fontSize: number;
  weight: FontWeight;
  /** The band's size: the widest line plus its padding, and the lines' height plus padding. */
  width: number;
  height: number;
  /** Each line's measured width (all within `width` less the padding). */
  lineWidths: number[];
  /** True when even the smallest legible size did not fit and the text ends in "…". */
  isTruncated: boolean;
}

export interface FittedTexts {
  /**
   * The hook at its design size, then smaller steps down to the smallest legible size, for
   * close-ups that leave little room clear of the face.
   */
  hooks: FittedBlock[];
  handle: FittedBlock;
  caption: FittedBlock;
  /** The caption on one line, for the seam of a stacked pair. */
  captionOneLine: FittedBlock;
  badges: Record<'BEFORE' | 'AFTER', FittedBlock>;
  endCard: {
    clinic: FittedBlock;
    title: FittedBlock | null;
    callToAction: FittedBlock | null;
    disclosure: FittedBlock;
  };
}

/** Horizontal padding each side of a band, as a share of its design font size. */
export const BAND_PAD_EM = 0.45;
/** Vertical padding of a band (both sides together), as a share of its font size. */
const BAND_HEIGHT_PAD_EM = 0.5;

export function blockHeight(lines: number, fontSize: number): number {
  return lines * fontSize * DEFAULT_LINE_HEIGHT + fontSize * BAND_HEIGHT_PAD_EM;
}

interface Slot {
  text: string;
  /** The widest the band may be: the text is fitted to this less the band's padding. */
  width: number;
  designSize: number;
  weight: FontWeight;
  maxLines: number;
  /** Two large lines rather than one smaller (the hook: it must read at phone size). */
  keepLarge?: boolean;
}

function fitBlock(scene: Scene, slot: Slot): FittedBlock {
  const typeface = scene.branding.typeface ?? DEFAULT_TYPEFACE;
  const minSize = minLegibleFontSize(scene.height, typeface);
  const designSize = Math.max(slot.designSize, minSize);
  const pad = BAND_PAD_EM * designSize;
  const fit = (text: string, maxLines = slot.maxLines): FittedText =>
    fitText({
      measure: bundledTextMeasure(),
      text,
      slot: {
        width: slot.width - pad * 2,
        height: slot.maxLines * designSize * DEFAULT_LINE_HEIGHT,
      },
      designSize,
      minSize,
      maxLines,
      weight: slot.weight,
      typeface,
    });
  const oneLine = slot.keepLarge ? null : preferOneLine(slot.text, designSize, fit);
  const fitted = oneLine ?? preferPhraseBreaks(slot.text, slot.maxLines, fit);
  const widest = Math.max(0, ...fitted.lineWidths);
  return {
    lines: fitted.lines,
    fontSize: fitted.fontSize,
    weight: slot.weight,
    width: Math.min(slot.width, widest + pad * 2),
    height: blockHeight(fitted.lines.length, fitted.fontSize),
    lineWidths: fitted.lineWidths,
    isTruncated: fitted.isTruncated,
  };
}

/** Smaller on one line reads better than a name broken in two, unless it gets much smaller. */
const ONE_LINE_SHARE = 0.75;

function preferOneLine(
  text: string,
  designSize: number,
  fit: (text: string, maxLines?: number) => FittedText,
): FittedText | null {
  const oneLine = fit(text, 1);
  return !oneLine.isTruncated && oneLine.fontSize >= designSize * ONE_LINE_SHARE ? oneLine : null;
}

/**
 * A title in parts ("Lip filler · 2 weeks") that needs more than one line breaks between
 * its parts, never leaving a "·" at the edge of a line, unless that costs much size.
 */
function preferPhraseBreaks(
  text: string,
  maxLines: number,
  fit: (text: string) => FittedText,
): FittedText {
  const plain = fit(text);
  const phrases = text.split(/\s+·\s+/).filter(Boolean);
  if (plain.lines.length === 1 || phrases.length < 2 || phrases.length > maxLines) return plain;
  const broken = fit(phrases.join('\n'));
  return !broken.isTruncated && broken.fontSize >= plain.fontSize * 0.85 ? broken : plain;
}

/**
 * The hook's sizes, as shares of its design size (the last is the smallest legible size): the
 * first two are tried on a plate before the smaller ones are (see hookText).
 */
const HOOK_STEPS = [1, 0.85, 0.85, 0.65, 0];

/** Every text of the scene fitted to its slot in this layout. */
export function fitSceneTexts(scene: Scene, layout: Layout): FittedTexts {
  const { safe, type } = layout;
  const { branding } = scene;
  const body = (text: string, weight: FontWeight, maxLines: number) =>
    fitBlock(scene, { text, width: safe.width, designSize: type.body, weight, maxLines });
  const badge = (text: 'BEFORE' | 'AFTER') =>
    fitBlock(scene, {
      text,
      width: safe.width / 2,
      designSize: type.label,
      weight: 700,
      maxLines: 1,
    });
  return {
    hooks: HOOK_STEPS.map((step, index) =>
      fitBlock(scene, {
        text: branding.treatmentTitle ?? 'Before & after',
        width: safe.width * 0.92,
        // Steps below the smallest legible size are raised to it by fitBlock.
        designSize: Math.round(type.hook * step),
        weight: 700,
        maxLines: 2,
        // The large steps keep two large lines; the next is the same size on one line if it
        // fits a little smaller (a seam between two faces has room for one line only).
        keepLarge: index < 2,
      }),
    ),
    handle: body(branding.contact ?? branding.clinicName, 700, 1),
    caption: body(branding.disclosure, 400, 2),
    captionOneLine: body(branding.disclosure, 400, 1),
    badges: { BEFORE: badge('BEFORE'), AFTER: badge('AFTER') },
    endCard: {
      clinic: fitBlock(scene, {
        text: branding.clinicName,
        width: safe.width,
        designSize: type.name,
        weight: 700,
        maxLines: 2,
      }),
      title: branding.treatmentTitle
        ? fitBlock(scene, {
            text: branding.treatmentTitle,
            width: safe.width,
            designSize: type.label,
            weight: 400,
            maxLines: 2,
          })
        : null,
      callToAction: branding.contact
        ? fitBlock(scene, {
            text: `Book at ${branding.contact}`,
            width: safe.width,
            designSize: type.label,
            weight: 700,
            maxLines: 2,
          })
        : null,
      disclosure: body(branding.disclosure, 400, 2),
    },
  };
}
