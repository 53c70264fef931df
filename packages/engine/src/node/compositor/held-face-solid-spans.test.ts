// Where the photo under a held face is not sampled, the face's patch must paint every pixel:
// each pixel solidSpans() names is laid by lay() with an opaque patch pixel at full coverage.
import { describe, expect, it } from 'vitest';
import { makeMeshFace } from '../../faces/face-landmarks.factory.ts';
import { isHeldFaceState } from '../../motion/face-patch.ts';
import { panelAssetPlacement } from '../../paint/draw-panels.ts';
import { buildScene } from '../../plan/build-scene.ts';
import { makeSceneInput } from '../../plan/scene-input.factory.ts';
import { frameStates } from '../../plan/timeline.ts';
import { alignedBytes } from './canvas-memory.ts';
import { clipCoverage } from './clip-coverage.ts';
import { createCompositorKernels, type CompositorKernels } from './compositor-kernels.ts';
import { OUTLINE_BUFFER_BYTES, OUTLINE_POINTS } from './face-warp-spans.ts';
import { createHeldFacePatches, heldPatchBytes } from './held-face-patches.ts';
import { photoInMemoryBytes } from './photo-sampling.ts';

const PHOTO = { width: 800, height: 1000 };
const FRAME = { width: 1280, height: 720 };

describe('a held face’s solid spans', () => {
  it('name only pixels the patch lays opaque, and most of the face’s', () => {
    const face = makeMeshFace(400, 430, 150);
    const scene = buildScene(
      makeSceneInput({
        size: FRAME,
        beforeSize: PHOTO,
        afterSize: PHOTO,
        faces: { before: face, after: face },
        options: { template: 'split', primaryAnimation: 'animate_after_smile' },
      }),
    );
    const rig = scene.faceMotion.after?.rig;
    expect(rig).toBeDefined();
    const states = frameStates(scene);
    const scale = { before: 1, after: 1 };
    const patches = heldPatchBytes(scene, states, scale);
    expect(patches.after).toBeGreaterThan(0);

    const photoBytes = alignedBytes(photoInMemoryBytes(PHOTO));
    const frameBytes = FRAME.width * FRAME.height * 4;
    const layout = {
      photo: 0,
      outline: photoBytes,
      patch: photoBytes + alignedBytes(OUTLINE_BUFFER_BYTES),
      frame: photoBytes + alignedBytes(OUTLINE_BUFFER_BYTES) + alignedBytes(patches.after),
    };
    const { WebAssembly: wasm } = globalThis as unknown as {
      WebAssembly: { Memory: new (d: { initial: number }) => CompositorKernels['memory'] };
    };
    const memory = new wasm.Memory({ initial: Math.ceil((layout.frame + frameBytes) / 65_536) });
    const bytes = new Uint8Array(memory.buffer);
    // An opaque photo of noise.
    for (let i = 0; i < PHOTO.width * PHOTO.height * 4; i += 1) {
      bytes[i] = i % 4 === 3 ? 255 : (i * 2654435761) >>> 24;
    }
    const photo = { address: 0, ...PHOTO };
    const held = createHeldFacePatches(
      createCompositorKernels(memory),
      bytes,
      { before: photo, after: photo },
      {
        before: { address: layout.patch, bytes: 0 },
        after: { address: layout.patch, bytes: patches.after },
      },
      { before: undefined, after: rig },
      scale,
      {
        address: layout.outline,
        points: new Float64Array(memory.buffer, layout.outline, OUTLINE_POINTS * 2),
      },
    );
    const assets = { before: PHOTO, after: PHOTO, logo: null, scale };
    const frame = { address: layout.frame, rowBytes: FRAME.width * 4 };

    let checkedFrames = 0;
    for (const [index, state] of states.entries()) {
      if (index % 7 !== 0) continue;
      const panel = state.panels.find((shown) => shown.which === 'after');
      if (!panel?.face || !isHeldFaceState(panel.face)) continue;
      const { imageToOutput } = panelAssetPlacement(scene, assets, panel);
      const clip = clipCoverage(panel.clip, FRAME);
      const spans = held.solidSpans(panel, imageToOutput, clip);
      // Transparent everywhere first: a pixel the patch leaves alone stays so.
      bytes.fill(0, frame.address, frame.address + frameBytes);
      const laid = held.lay(frame, panel, imageToOutput, clip);
      // No spans where no patch is laid (a face barely moved is warped instead).
      expect(spans === null, `frame ${index}`).toBe(laid === null);
      if (!spans) continue;
      let named = 0;
      let opaque = 0;
      for (let row = 0; row < spans.from.length; row += 1) {
        const y = spans.top + row;
        for (let x = 0; x < FRAME.width; x += 1) {
          const alpha = bytes[frame.address + (y * FRAME.width + x) * 4 + 3] ?? 0;
          if (alpha === 255) opaque += 1;
          if (x < (spans.from[row] ?? 0) || x >= (spans.to[row] ?? 0)) continue;
          named += 1;
          expect(alpha, `frame ${index}: ${x}, ${y}`).toBe(255);
        }
      }
      // Each row's longest run: most of what the patch lays, not all of it.
      expect(named).toBeGreaterThan(opaque * 0.5);
      expect(named).toBeLessThanOrEqual(opaque);
      checkedFrames += 1;
    }
    expect(checkedFrames).toBeGreaterThan(3);
  });
});
