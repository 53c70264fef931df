// Scenes of the sample face for the compositor's tests: every template and format at a small
// size, faces found by the real detector, an after photo turned by its alignment.
import type { Aspect, PrimaryAnimation, Template } from '@glowreel/contracts';
import type { FaceLandmarks } from '../../faces/face-types.ts';
import { buildScene } from '../../plan/build-scene.ts';
import type { Scene } from '../../plan/scene.ts';
import type { Raster } from '../../raster.ts';
import { humanSampleFace, withSkinTexture } from '../face-motion.testing.ts';
import { getNodeFaceDetector } from '../human-node.ts';

export interface SampleFace {
  photo: Raster;
  face: FaceLandmarks;
}

export async function loadSampleFace(): Promise<SampleFace> {
  const photo = withSkinTexture(await humanSampleFace(3));
  const face = await (await getNodeFaceDetector()).detect(photo);
  if (!face) throw new Error('the sample face was not found');
  return { photo, face };
}

export const TEST_SIZES: Record<Aspect, { width: number; height: number }> = {
  '16:9': { width: 640, height: 360 },
  '9:16': { width: 360, height: 640 },
  '1:1': { width: 480, height: 480 },
};

export function sampleScene(
  { photo, face }: SampleFace,
  template: Template,
  aspect: Aspect,
  animation: PrimaryAnimation,
  options: { hasLogo?: boolean } = {},
): Scene {
  return buildScene({
    size: TEST_SIZES[aspect],
    options: {
      primaryAnimation: animation,
      emphasisEffect: 'subtle_zoom',
      motionSpeed: 'normal',
      aspect,
      template,
    },
    beforeSize: photo,
    afterSize: photo,
    // A slight turn and shift: the after photo's edges are not parallel to the frame's.
    alignment: { a: 0.99, b: 0.015, c: -0.015, d: 0.99, e: 6, f: -4 },
    faceCenter: { x: face.box.x + face.box.width / 2, y: face.box.y + face.box.height / 2 },
    treatedArea: null,
    faces: { before: face, after: face },
    branding: {
      clinicName: 'Test Clinic',
      contact: 'testclinic.com',
      treatmentTitle: 'Lip Refill · 2 weeks',
      hasLogo: options.hasLogo ?? false,
    },
  });
}
