// The kept panels layer must give every frame the pixels a full repaint gives it: checked to
// the bit over every frame of every template, with faces that smile and blink and an after
// photo turned by its alignment.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { TEMPLATES, type PrimaryAnimation, type Template } from '@glowreel/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FaceLandmarks } from '../faces/face-types.ts';
import type { Canvas2D } from '../paint/canvas.ts';
import { draw, drawPanels } from '../paint/draw.ts';
import { buildScene, frameCount } from '../plan/build-scene.ts';
import type { Scene, SceneAssets } from '../plan/scene.ts';
import { evaluate, type FrameState } from '../plan/timeline.ts';
import type { Raster } from '../raster.ts';
import { createFrameRenderer, photosToCanvases, shrinkPhotoCanvases } from './canvas-renderer.ts';
import { humanSampleFace, withSkinTexture } from './face-motion.testing.ts';
import { getNodeFaceDetector } from './human-node.ts';
import { createCanvasFacePatches } from './canvas-surface.ts';
import { createStillPanelsLayer, stillPanelsKey } from './still-panels-layer.ts';

let photo: Raster;
let face: FaceLandmarks;

beforeAll(async () => {
  photo = withSkinTexture(await humanSampleFace(3));
  const found = await (await getNodeFaceDetector()).detect(photo);
  if (!found) throw new Error('the sample face was not found');
  face = found;
});

function sceneFor(template: Template, animation: PrimaryAnimation): Scene {
  return buildScene({
    size: { width: 960, height: 540 },
    options: {
      primaryAnimation: animation,
      emphasisEffect: 'subtle_zoom',
      motionSpeed: 'normal',
      aspect: '16:9',
      template,
    },
    beforeSize: photo,
    afterSize: photo,
    // A slight turn and shift: the after photo's edges are not parallel to the frame's.
    alignment: { a: 0.99, b: 0.015, c: -0.015, d: 0.99, e: 6, f: -4 },
    faceCenter: { x: face.box.x + face.box.width / 2, y: face.box.y + face.box.height / 2 },
    treatedArea: null,
    faces: { before: face, after: face },
    branding: { clinicName: 'Test Clinic' },
  });
}

interface Painting {
  scene: Scene;
  assets: SceneAssets<Canvas>;
  assetSizes: {
    before: { width: number; height: number };
    after: { width: number; height: number };
  };
}

function paintingFor(scene: Scene): Painting {
  const panels = shrinkPhotoCanvases(
    scene,
    photosToCanvases({ before: photo, after: photo, logo: null }),
  );
  return {
    scene,
    assets: { before: panels.before, after: panels.after, logo: null, scale: panels.scale },
    assetSizes: { before: panels.before, after: panels.after },
  };
}

function canvasFor(scene: Scene): { canvas: Canvas; ctx: Canvas2D<Canvas> } {
  const canvas = createCanvas(scene.width, scene.height);
  return { canvas, ctx: canvas.getContext('2d') };
}

/**
 * The panels as a full repaint draws them: the whole backdrop, then every photo, with face
 * patches painted afresh (none kept from an earlier frame).
 */
function reference(painting: Painting, state: FrameState): Uint8Array {
  const { canvas, ctx } = canvasFor(painting.scene);
  drawPanels(ctx, painting.scene, state, painting.assets, {
    facePatches: createCanvasFacePatches(),
  });
  return canvas.data();
}

function firstDifference(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return 0;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return i;
  return -1;
}

describe('the still panels layer', () => {
  it.each(TEMPLATES)(
    'paints every frame of %s as a full repaint does, reusing the kept panels',
    (template) => {
      const scene = sceneFor(template, 'animate_after_smile');
      expect(scene.faceMotion.records.some((record) => record.applied)).toBe(true);
      const painting = paintingFor(scene);
      const layer = createStillPanelsLayer(scene, painting.assets, {
        assetSizes: painting.assetSizes,
        facePatches: createCanvasFacePatches(),
      });
      const { canvas, ctx } = canvasFor(scene);
      const total = frameCount(scene);
      let moving = 0;
      for (let index = 0; index < total; index += 1) {
        const state = evaluate(scene, index / scene.fps);
        const next = index + 1 < total ? evaluate(scene, (index + 1) / scene.fps) : null;
        layer.drawPanels(ctx, state, next);
        const where = firstDifference(canvas.data(), reference(painting, state));
        expect({ frame: index, firstDifferentByte: where }).toEqual({
          frame: index,
          firstDifferentByte: -1,
        });
        if (state.panels.some((panel) => panel.face && panel.face.smile + panel.face.blink > 0))
          moving += 1;
      }
      expect(moving).toBeGreaterThan(0);
      expect(layer.reuses).toBeGreaterThan(0);
    },
    // Every frame is painted twice and compared: slow on a busy machine.
    240_000,
  );

  it('repaints when the panels move, even when told the next frame would keep them', () => {
    const scene = sceneFor('split', 'animate_after_smile');
    const painting = paintingFor(scene);
    const layer = createStillPanelsLayer(scene, painting.assets, {
      assetSizes: painting.assetSizes,
      facePatches: createCanvasFacePatches(),
    });
    const { canvas, ctx } = canvasFor(scene);
    const first = evaluate(scene, 2 / scene.fps);
    // Half a pixel of push-in: the kept panels are stale for this frame.
    const pushed: FrameState = {
      ...first,
      panels: first.panels.map((panel) => ({
        ...panel,
        view: { ...panel.view, x: panel.view.x + 0.5, width: panel.view.width - 1 },
      })),
    };
    expect(stillPanelsKey(pushed)).not.toBe(stillPanelsKey(first));
    layer.drawPanels(ctx, first, first);
    layer.drawPanels(ctx, pushed, null);
    expect(layer.reuses).toBe(0);
    expect(firstDifference(canvas.data(), reference(painting, pushed))).toBe(-1);
    expect(firstDifference(reference(painting, first), reference(painting, pushed))).not.toBe(-1);
  });

  it('keys frames by where the panels are, not by how their faces move', () => {
    const scene = sceneFor('split', 'animate_after_smile');
    const state = evaluate(scene, 3);
    const smiling: FrameState = {
      ...state,
      panels: state.panels.map((panel) => ({
        ...panel,
        face: { yawDegrees: 0, smile: 0.5, surprise: 0, blink: 0 },
      })),
    };
    expect(stillPanelsKey(smiling)).toBe(stillPanelsKey(state));
    const moved: FrameState = {
      ...state,
      panels: state.panels.map((panel) => ({ ...panel, clip: { ...panel.clip, width: 10 } })),
    };
    expect(stillPanelsKey(moved)).not.toBe(stillPanelsKey(state));
  });

  it('gives the frame renderer the frames a full draw paints, texts and end card included', () => {
    const scene = sceneFor('reveal', 'animate_after_smile');
    const renderer = createFrameRenderer(scene, { before: photo, after: photo, logo: null });
    const painting = paintingFor(scene);
    const { canvas, ctx } = canvasFor(scene);
    for (let index = 0; index < frameCount(scene); index += 1) {
      const frame = renderer.renderFrame(index);
      draw(ctx, scene, evaluate(scene, index / scene.fps), painting.assets, {
        logoSize: null,
        facePatches: createCanvasFacePatches(),
      });
      expect({ frame: index, firstDifferentByte: firstDifference(frame, canvas.data()) }).toEqual({
        frame: index,
        firstDifferentByte: -1,
      });
    }
  }, 240_000);
});
