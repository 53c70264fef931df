import { PRIMARY_ANIMATIONS, TREATED_AREAS } from '@glowreel/contracts';
import { describe, expect, it } from 'vitest';
import { makeMeshFace } from '../faces/face-landmarks.factory.ts';
import { FACE_MESH_POINT_COUNT } from '../faces/face-types.ts';
import { buildScene } from '../plan/build-scene.ts';
import { buildProvenance } from '../provenance.ts';
import { makeSceneInput } from '../plan/scene-input.factory.ts';
import { planFaceMotion } from './face-motion-plan.ts';
import {
  MOTION_MOVES,
  TREATED_AREA_REGIONS,
  animationRefusalReason,
  animationsAllowedFor,
  checkTreatedArea,
} from './treated-area-rules.ts';
import { treatedRegionPolygons } from './treated-region.ts';

const FACE_AREAS = TREATED_AREAS.filter((area) => TREATED_AREA_REGIONS[area].length > 0);
describe('the treated-area table', () => {
  it('refuses exactly the animations that move the treated area of the after photo', () => {
    const allowed = Object.fromEntries(
      TREATED_AREAS.map((area) => [area, animationsAllowedFor(area)]),
    );
    expect(allowed).toEqual({
      lips: ['animate_before_head_turn', 'animate_after_surprise'],
      brows_forehead: ['animate_before_head_turn', 'animate_after_smile'],
      eyes: ['animate_before_head_turn'],
      cheeks: ['animate_before_head_turn', 'animate_after_surprise'],
      jawline_chin: ['animate_before_head_turn', 'animate_after_smile', 'animate_after_surprise'],
      nose: ['animate_before_head_turn', 'animate_after_smile', 'animate_after_surprise'],
      skin: ['animate_before_head_turn'],
      body: [...PRIMARY_ANIMATIONS],
      other: [...PRIMARY_ANIMATIONS],
    });
  });

  it('has a head turn move every part of the face and blinks move only the eyes (and skin)', () => {
    expect([...MOTION_MOVES.head_turn].sort()).toEqual([...FACE_AREAS].sort());
    expect(MOTION_MOVES.blink).toEqual(['eyes', 'skin']);
  });

  it('asks for the treated area only when the after photo moves', () => {
    for (const animation of PRIMARY_ANIMATIONS) {
      const refusal = checkTreatedArea(animation, null);
      if (animation === 'animate_before_head_turn') expect(refusal).toBeNull();
      else expect(refusal?.code).toBe('treated_area_required');
    }
  });

  it('names the area and the animation, and suggests what to pick', () => {
    expect(checkTreatedArea('animate_after_surprise', 'brows_forehead')).toEqual({
      code: 'animation_moves_treated_area',
      message:
        '"After photo: surprise" would move the brows / forehead, the treated area of the after photo, and the result must show the treatment untouched. Choose "Before photo: head turn" or "After photo: smile" instead.',
    });
    expect(animationRefusalReason('animate_after_smile', 'lips')).toBe(
      'Would move the lips, the treated area',
    );
    expect(animationRefusalReason('animate_after_surprise', 'lips')).toBeNull();
  });

  it('names only real facemesh landmarks, at least three per patch', () => {
    for (const area of TREATED_AREAS) {
      for (const group of TREATED_AREA_REGIONS[area]) {
        expect(group.length).toBeGreaterThanOrEqual(3);
        for (const index of group) expect(index).toBeLessThan(FACE_MESH_POINT_COUNT);
      }
    }
  });
});

describe('face motion with a treated area', () => {
  const face = makeMeshFace(400, 360, 160);

  it('withholds the after photo blinks for treated eyes and says so', () => {
    const plan = planFaceMotion({
      primaryAnimation: 'animate_before_head_turn',
      faces: { before: face, after: face },
      displayScale: { before: 1, after: 1 },
      treatedArea: 'eyes',
    });
    expect(plan.after).toBeNull();
    expect(plan.before?.kind).toBe('head_turn');
    expect(plan.records.find((record) => record.panel === 'after')).toMatchObject({
      applied: false,
      treatedArea: { area: 'eyes', outcome: 'withheld' },
      reason: 'Withheld: the blinks would move the eyes, the treated area',
    });
  });

  it('places the highlight on the stated area of the after face, not on the pixel difference', () => {
    const collar = { x: 300, y: 700, width: 200, height: 80 };
    const scene = buildScene(
      makeSceneInput({
        options: { emphasisEffect: 'hand_gesture', treatedArea: 'lips' },
        faces: { before: face, after: face },
        treatedArea: collar,
      }),
    );
    const lips = treatedRegionPolygons(face, 'lips').flat();
    const rect = scene.treatedArea;
    expect(scene.treatedAreaSource).toBe('landmarks');
    for (const p of lips) {
      expect(p.x).toBeGreaterThanOrEqual(rect?.x ?? Infinity);
      expect(p.x).toBeLessThanOrEqual((rect?.x ?? 0) + (rect?.width ?? 0));
      expect(p.y).toBeGreaterThanOrEqual(rect?.y ?? Infinity);
      expect(p.y).toBeLessThanOrEqual((rect?.y ?? 0) + (rect?.height ?? 0));
    }
    // Without a stated area on the face, the pixel difference is the fallback.
    const fallback = buildScene(
      makeSceneInput({
        options: { emphasisEffect: 'hand_gesture', treatedArea: 'body' },
        faces: { before: face, after: face },
        treatedArea: collar,
      }),
    );
    expect(fallback.treatedArea).toEqual(collar);
    expect(fallback.treatedAreaSource).toBe('pixel_difference');
  });

  it('records the treated area and what was withheld or held still in the provenance', () => {
    const provenanceOf = (
      primaryAnimation: 'animate_before_head_turn' | 'animate_after_surprise',
      treatedArea: 'eyes' | 'lips',
    ) => {
      // A face large enough on screen for motion to run at all.
      const large = makeMeshFace(400, 500, 260);
      const scene = buildScene(
        makeSceneInput({
          size: { width: 1920, height: 1080 },
          options: { primaryAnimation, treatedArea },
          faces: { before: large, after: large },
        }),
      );
      return buildProvenance({
        engineVersion: 'test',
        scene,
        panels: {
          layout: 'pair',
          before: { x: 0, y: 0, width: 800, height: 1000 },
          after: { x: 0, y: 0, width: 800, height: 1000 },
          confidence: 1,
          isFallback: false,
          reason: 'two photos',
        },
        alignment: { applied: false, reason: 'test' },
        faces: { before: true, after: true, enabled: true },
        treatedArea: null,
        source: { width: 800, height: 1000, format: 'png' },
      }).treatedArea;
    };
    expect(provenanceOf('animate_before_head_turn', 'eyes')).toEqual({
      area: 'eyes',
      withheld: ['after blink'],
      heldStill: [],
    });
    expect(provenanceOf('animate_after_surprise', 'lips')).toEqual({
      area: 'lips',
      withheld: [],
      heldStill: ['after surprise'],
    });
  });
});
