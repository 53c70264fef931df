// The render request that the fixture-tier tests and the sample sheets build for a photo of
// ../shared/fixtures: one clinic's branding, the after photo smiling, every other option at
// its default, so each check looks at the same video a clinic would get.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import {
  outputSizeFor,
  type Aspect,
  type PlanId,
  type Template,
  type TreatedAreaName,
} from '@glowreel/contracts';
import type { Rect } from '../geometry.ts';
import type { RenderVideoRequest } from './render-video.ts';

/** The shared fixtures folder beside the repository (absent on machines without it). */
export const SHARED_FIXTURES = fileURLToPath(
  new URL('../../../../../shared/fixtures/', import.meta.url),
);

export interface FixturePhotos {
  name: string;
  /** A composite, or the before photo of a pair (relative to fixtures/composites). */
  before: string;
  after: string | null;
}

/** Every composite and pair with a face, whose panels are at least 540 px on the short side. */
export const FACE_FIXTURES: readonly FixturePhotos[] = [
  ...['sbs-nogap', 'sbs-gutter20', 'sbs-labels', 'stacked', 'sbs-misaligned', 'sbs-portrait'].map(
    (name) => ({ name, before: `${name}.jpg`, after: null }),
  ),
  ...['pair-01', 'pair-02'].map((name) => ({
    name,
    before: `${name}-before.jpg`,
    after: `${name}-after.jpg`,
  })),
];

export function fixtureRenderRequest(
  input: { inputPath: string; afterInputPath: string | null; outputDir: string },
  aspect: Aspect,
  options: { plan?: PlanId; template?: Template; treatedArea?: TreatedAreaName } = {},
): RenderVideoRequest {
  return {
    ...input,
    ...outputSizeFor(options.plan ?? 'pro', aspect),
    options: {
      primaryAnimation: 'animate_after_smile',
      emphasisEffect: 'none',
      motionSpeed: 'normal',
      aspect,
      autoAlign: true,
      ...(options.template ? { template: options.template } : {}),
      ...(options.treatedArea ? { treatedArea: options.treatedArea } : {}),
    },
    branding: {
      clinicName: 'Lumen Aesthetics',
      contact: 'lumenclinic.com',
      treatmentTitle: 'Skin renewal · 4 weeks',
      disclosure: null,
    },
    ffmpegPath: null,
    faceDetection: true,
  };
}

/** The request for one of FACE_FIXTURES. */
export function faceFixtureRequest(
  fixture: FixturePhotos,
  aspect: Aspect,
  outputDir: string,
): RenderVideoRequest {
  const composites = path.join(SHARED_FIXTURES, 'composites');
  return fixtureRenderRequest(
    {
      inputPath: path.join(composites, fixture.before),
      afterInputPath: fixture.after ? path.join(composites, fixture.after) : null,
      outputDir,
    },
    aspect,
  );
}

/** Area two rectangles share (0 when apart). */
export function overlapArea(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}
