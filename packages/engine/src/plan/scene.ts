import type {
  Aspect,
  EmphasisEffect,
  MotionSpeed,
  PrimaryAnimation,
  Template,
  TreatedAreaName,
  Typeface,
} from '@glowreel/contracts';
import type { Affine, Rect } from '../geometry.ts';
import type { SceneFaceMotion } from '../motion/face-motion-plan.ts';

export interface Branding {
  clinicName: string;
  /** Phone number or website, shown under the name on the end card. */
  contact: string | null;
  treatmentTitle: string | null;
  /** The disclosure ads need; "Individual results may vary" unless the clinic edits it. */
  disclosure: string;
  hasLogo: boolean;
  /** The brand kit's accent (#rrggbb); the scene's `colors.accent` is drawn from it. */
  accentColor?: string | null;
  /** The brand kit's typeface for every text of the video; omitted = DEFAULT_TYPEFACE (Inter). */
  typeface?: Typeface;
}

export const DEFAULT_DISCLOSURE = 'Individual results may vary';

/**
 * Everything the timeline needs to draw a video, as plain data: the same scene drives
 * the browser preview and the server render.
 */
export interface Scene {
  width: number;
  height: number;
  fps: number;
  durationSeconds: number;
  aspect: Aspect;
  /** The template the timeline plays (the format's default when none was chosen). */
  template: Template;
  primaryAnimation: PrimaryAnimation;
  emphasisEffect: EmphasisEffect;
  motionSpeed: MotionSpeed;
  /** The canonical panel frame: the before panel's size. Both panels are drawn into it. */
  panelSize: { width: number; height: number };
  /** Maps after-image pixels into the canonical frame (alignment, or a plain resize). */
  afterTransform: Affine;
  /**
   * The part of the canonical frame both photos cover after `afterTransform`: the whole frame
   * unless an alignment turned or shrank the after photo. Every view stays inside it, so no
   * pixel from outside a photo (a backdrop wedge) is shown.
   */
  coverage: Rect;
  /** The before face's box in canonical pixels (text keeps off it); null when none was found. */
  faceBox: Rect | null;
  /**
   * The part of the before face text must never cover: from just above the eyes to the chin,
   * ear to ear, in canonical pixels; null when no face was found.
   */
  faceCore: Rect | null;
  /**
   * The before face's eyes and mouth (one box each, in canonical pixels): badges never cover
   * them, even where they must sit on a tight face. Empty when no face was found.
   */
  faceFeatures: Rect[];
  /** What the framing centres on (the face with its headroom, else the treated area). */
  subject: Rect;
  /** Canonical pixels per after-photo pixel (≥ 1 means the after photo is enlarged to align). */
  sourceScale: number;
  /**
   * The photos carry their own BEFORE/AFTER labels (found by the split analysis): our badges
   * are left out rather than doubled.
   */
  hideLabels: boolean;
  /**
   * The treated area in canonical coordinates (the highlight): the stated area's landmark box
   * on the after face, else where the aligned panels differ most.
   */
  treatedArea: Rect | null;
  /** Where the clinic says the treatment was; face motion never moves it in the after photo. */
  treatedAreaName: TreatedAreaName | null;
  /** How `treatedArea` was found. */
  treatedAreaSource: 'landmarks' | 'pixel_difference' | null;
  /** Landmark-driven face motion per panel (the rigs are plain data), and why where there is none. */
  faceMotion: SceneFaceMotion;
  branding: Branding;
  colors: { background: string; panelBackdrop: string; accent: string; text: string };
}

export const DEFAULT_COLORS: Scene['colors'] = {
  background: '#0f172a',
  panelBackdrop: '#020617',
  accent: '#14b8a6',
  text: '#f8fafc',
};

/** The images a scene is drawn from; the type is whatever the canvas implementation draws. */
export interface SceneAssets<TImage> {
  before: TImage;
  after: TImage;
  logo: TImage | null;
  /**
   * Asset pixels per original panel pixel, when the panels were shrunk once up front to
   * the largest size they are shown at (much cheaper than scaling them every frame).
   */
  scale?: { before: number; after: number };
}
