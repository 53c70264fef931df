// Which moving faces the server warps after the read-out: never one that anything painted
// later (an overlay, a later panel) could lie over.
import type { Canvas } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FaceLandmarks } from '../../faces/face-types.ts';
import { buildScene, frameCount } from '../../plan/build-scene.ts';
import type { Scene, SceneAssets } from '../../plan/scene.ts';
import { evaluate, type FrameState } from '../../plan/timeline.ts';
import type { Raster } from '../../raster.ts';
import { photosToCanvases, shrinkPhotoCanvases } from '../canvas-renderer.ts';
import { humanSampleFace } from '../face-motion.testing.ts';
import { getNodeFaceDetector } from '../human-node.ts';
import { facesWarpedAfterReadOut, withStillFaces } from './faces-after-read-out.ts';
import { panelAssetPlacement } from '../../paint/draw-panels.ts';
import { faceWarpBounds } from '../../motion/draw-face-warp.ts';

let photo: Raster;
let face: FaceLandmarks;
let scene: Scene;
let assets: SceneAssets<Canvas>;
/** A frame of the split template with the after face smiling and no overlay over it. */
let smiling: FrameState;

beforeAll(async () => {
  photo = await humanSampleFace(3);
  const found = await (await getNodeFaceDetector()).detect(photo);
  if (!found) throw new Error('the sample face was not found');
  face = found;
  scene = buildScene({
    size: { width: 960, height: 540 },
    options: {
      primaryAnimation: 'animate_after_smile',
      emphasisEffect: 'subtle_zoom',
      motionSpeed: 'normal',
      aspect: '16:9',
      template: 'split',
    },
    beforeSize: photo,
    afterSize: photo,
    alignment: null,
    faceCenter: null,
    treatedArea: null,
    faces: { before: face, after: face },
    branding: { clinicName: 'Test Clinic' },
  });
  const panels = shrinkPhotoCanvases(
    scene,
    photosToCanvases({ before: photo, after: photo, logo: null }),
  );
  assets = { before: panels.before, after: panels.after, logo: null, scale: panels.scale };
  const states = Array.from({ length: frameCount(scene) }, (_, index) =>
    evaluate(scene, index / scene.fps),
  );
  const found2 = states.find(
    (state) =>
      !state.endCard && state.panels.some((panel) => panel.face && panel.face.smile >= 0.5),
  );
  if (!found2) throw new Error('no smiling frame');
  smiling = { ...found2, labels: [], texts: [], divider: null, highlight: null };
});

function afterPanel(state: FrameState) {
  const panel = state.panels.find((candidate) => candidate.which === 'after');
  if (!panel) throw new Error('no after panel');
  return panel;
}

describe('faces warped after the read-out', () => {
  it('warps a moving face nothing lies over, and paints it still on the canvas', () => {
    const warped = facesWarpedAfterReadOut(scene, assets, smiling);
    expect(warped).toEqual([afterPanel(smiling)]);
    const drawn = withStillFaces(smiling, warped ?? []);
    expect(afterPanel(drawn).face).toBeNull();
    expect(drawn.panels.filter((panel) => panel.which === 'before')).toEqual(
      smiling.panels.filter((panel) => panel.which === 'before'),
    );
  });

  it('warps nothing in a frame whose faces are still', () => {
    const still = { ...smiling, panels: smiling.panels.map((panel) => ({ ...panel, face: null })) };
    expect(facesWarpedAfterReadOut(scene, assets, still)).toEqual([]);
  });

  it('leaves the face to the canvas when a text, a badge, the divider or the end card lies over it', () => {
    const panel = afterPanel(smiling);
    const rig = scene.faceMotion.after?.rig;
    if (!rig || !panel.face) throw new Error('the after face does not move');
    const moved = faceWarpBounds(rig, panel.face, panelAssetPlacement(scene, assets, panel));
    if (!moved) throw new Error('no triangle moves');
    const { rect } = panel;
    // A band across the middle of the moving face.
    const overFace = {
      x: moved.x,
      y: moved.y + moved.height / 2 - 10,
      width: moved.width,
      height: 20,
    };
    const covered: FrameState[] = [
      {
        ...smiling,
        texts: [
          {
            role: 'caption',
            lines: ['Results may vary'],
            box: overFace,
            fontSize: 20,
            weight: 400,
            opacity: 0.4,
            backing: 'band',
          },
        ],
      },
      { ...smiling, labels: [{ text: 'AFTER', box: overFace, fontSize: 20, opacity: 1 }] },
      {
        ...smiling,
        divider: { x: overFace.x + overFace.width / 2, top: 0, bottom: scene.height, opacity: 1 },
      },
      { ...smiling, endCard: { opacity: 0.1, layout: {} as never, logo: null, texts: [] } },
    ];
    for (const state of covered) expect(facesWarpedAfterReadOut(scene, assets, state)).toBeNull();
    // A text that has faded out, or lies clear of the face, does not.
    const faded = {
      ...covered[0]!,
      texts: covered[0]!.texts.map((text) => ({ ...text, opacity: 0 })),
    };
    expect(facesWarpedAfterReadOut(scene, assets, faded)).toHaveLength(1);
    const clear = {
      ...covered[1]!,
      labels: [
        {
          text: 'AFTER' as const,
          box: { x: rect.x + 4, y: rect.y + 4, width: 60, height: 20 },
          fontSize: 12,
          opacity: 1,
        },
      ],
    };
    expect(facesWarpedAfterReadOut(scene, assets, clear)).toHaveLength(1);
  });

  it('leaves the face to the canvas when a panel painted after it covers it', () => {
    const after = afterPanel(smiling);
    const before = smiling.panels.find((panel) => panel.which === 'before');
    if (!before) throw new Error('no before panel');
    // The before panel painted last, over the whole after panel (as a wipe paints it).
    const state = { ...smiling, panels: [after, { ...before, clip: after.clip }] };
    expect(facesWarpedAfterReadOut(scene, assets, state)).toBeNull();
    expect(
      facesWarpedAfterReadOut(scene, assets, {
        ...smiling,
        panels: [{ ...before, clip: after.clip }, after],
      }),
    ).toHaveLength(1);
  });
});
