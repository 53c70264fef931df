import {
  DEFAULT_ACCENT_COLOR,
  DEFAULT_TYPEFACE,
  DEFAULT_VIDEO_OPTIONS,
  type PlanId,
} from '@glowreel/contracts';
import {
  DEFAULT_DISCLOSURE,
  FACE_MESH_POINT_COUNT,
  faceSceneFields,
  statedTreatedAreaRect,
  type FaceLandmarks,
  type MeshPoint,
} from '@glowreel/engine';
import { describe, expect, it } from 'vitest';
import type { VideoFormOptions } from '../videos-api.ts';
import { buildPreviewScene, type PreviewPhoto, type PreviewSettings } from './preview-scene.ts';

/** A face with a full generated mesh (seeded), centred at (cx, cy), eyes `eye` px apart. */
function meshFace(cx: number, cy: number, eye: number): FaceLandmarks {
  let seed = 3;
  const random = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return (seed >>> 8) / 0x1000000;
  };
  const mesh: MeshPoint[] = Array.from({ length: FACE_MESH_POINT_COUNT }, () => {
    const angle = random() * 2 * Math.PI;
    const r = Math.sqrt(random());
    return [cx + Math.cos(angle) * r * 1.1 * eye, cy + Math.sin(angle) * r * 1.4 * eye, 0];
  });
  return {
    box: { x: cx - 1.1 * eye, y: cy - 1.4 * eye, width: 2.2 * eye, height: 2.8 * eye },
    leftEye: { x: cx - eye / 2, y: cy - 0.3 * eye },
    rightEye: { x: cx + eye / 2, y: cy - 0.3 * eye },
    score: 0.95,
    mesh,
  };
}

const photo: PreviewPhoto = {
  width: 2000,
  height: 1250,
  split: {
    layout: 'side-by-side',
    before: { x: 0, y: 0, width: 1000, height: 1250 },
    after: { x: 1000, y: 0, width: 1000, height: 1250 },
    isFallback: false,
    confidence: 1,
    reason: 'sharp cut at x 1000 where the two photos meet',
    burnedInLabels: { before: null, after: null },
  },
  before: { width: 1000, height: 1250 },
  after: { width: 1000, height: 1250 },
  treatedArea: { x: 400, y: 500, width: 100, height: 100 },
};

function settings(plan: PlanId, options: Partial<VideoFormOptions> = {}): PreviewSettings {
  return {
    options: {
      ...DEFAULT_VIDEO_OPTIONS,
      autoAlign: true,
      treatedArea: null,
      template: null,
      ...options,
    },
    text: {
      title: '',
      clinicName: 'Lumen Aesthetics',
      contact: '',
      treatmentTitle: '',
      disclosure: DEFAULT_DISCLOSURE,
    },
    look: { accentColor: DEFAULT_ACCENT_COLOR, typeface: DEFAULT_TYPEFACE },
    fallbackClinicName: 'Your Clinic',
    plan,
  };
}

describe('buildPreviewScene', () => {
  it("plays the format's default template until one is picked, then the picked one", () => {
    const scenes = (['16:9', '9:16', '1:1'] as const).map(
      (aspect) => buildPreviewScene(photo, settings('free', { aspect }), false, null).scene,
    );
    expect(scenes.map((scene) => scene.template)).toEqual(['split', 'reveal', 'split']);
    const picked = buildPreviewScene(
      photo,
      settings('free', { aspect: '9:16', template: 'detail' }),
      false,
      null,
    );
    expect(picked.scene.template).toBe('detail');
  });

  it('plays without face alignment, focus or motion until faces were looked for', () => {
    const { scene, faceWarnings } = buildPreviewScene(photo, settings('free'), false, null);
    expect(scene.afterTransform).toEqual({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 });
    expect(scene.faceBox).toBeNull();
    expect(scene.faceMotion.before).toBeNull();
    expect(faceWarnings).toEqual([]);
  });

  it('crops BEFORE/AFTER labels burned into the photo off, like the render', () => {
    const labelled: PreviewPhoto = {
      ...photo,
      split: {
        ...photo.split,
        burnedInLabels: {
          before: { x: 28, y: 28, width: 328, height: 93 },
          after: { x: 28, y: 28, width: 274, height: 91 },
        },
      },
    };
    const { scene } = buildPreviewScene(labelled, settings('free'), false, null);
    expect(scene.hideLabels).toBe(false);
    expect(scene.coverage.y).toBeGreaterThanOrEqual(28 + 93);
    expect(buildPreviewScene(photo, settings('free'), false, null).scene.coverage.y).toBe(0);
  });

  it('plays a face the model could not look for like one still being looked for', () => {
    const unavailable = buildPreviewScene(photo, settings('free'), false, {
      status: 'unavailable',
    });
    const pending = buildPreviewScene(photo, settings('free'), false, { status: 'finding' });
    expect(unavailable).toEqual(pending);
    expect(unavailable.faceWarnings).toEqual([]);
  });

  it('aligns, focuses and moves the faces found, exactly as the engine step plans them', () => {
    const before = meshFace(500, 520, 400);
    const after = meshFace(520, 500, 380);
    const { scene, faceWarnings } = buildPreviewScene(photo, settings('free'), false, {
      status: 'found',
      faces: { before, after },
    });
    const fields = faceSceneFields({ before, after, autoAlign: true, wasDetectionRun: true });
    expect(fields.scene.alignment).not.toBeNull();
    expect(scene.afterTransform).toEqual(fields.scene.alignment);
    expect(scene.faceBox).not.toBeNull();
    expect(scene.faceMotion.before?.kind).toBe('head_turn');
    expect(scene.faceMotion.after?.kind).toBe('blink');
    expect({ width: scene.width, height: scene.height }).toEqual({ width: 1280, height: 720 });
    expect(faceWarnings).toEqual([]);
  });

  it('circles the stated treated area from the after face, as the render does', () => {
    const before = meshFace(500, 520, 400);
    const after = meshFace(520, 500, 380);
    const faces = { status: 'found' as const, faces: { before, after } };
    const chosen = settings('pro', { emphasisEffect: 'hand_gesture', treatedArea: 'lips' });
    const { scene } = buildPreviewScene(photo, chosen, false, faces);
    expect(scene.treatedAreaSource).toBe('landmarks');
    expect(scene.treatedArea).toEqual(statedTreatedAreaRect(after, 'lips', scene.afterTransform));
    expect(scene.treatedArea).not.toEqual(photo.treatedArea);
    // Without a stated area the pixel difference stays the highlight.
    const unstated = buildPreviewScene(
      photo,
      settings('pro', { emphasisEffect: 'hand_gesture' }),
      false,
      faces,
    );
    expect(unstated.scene.treatedArea).toEqual(photo.treatedArea);
  });

  it('withholds the after photo blinks when the eyes were treated, as the render does', () => {
    const faces = {
      status: 'found' as const,
      faces: { before: meshFace(500, 520, 400), after: meshFace(520, 500, 380) },
    };
    const { scene } = buildPreviewScene(
      photo,
      settings('pro', { treatedArea: 'eyes' }),
      false,
      faces,
    );
    expect(scene.faceMotion.after).toBeNull();
    expect(
      scene.faceMotion.records.find((record) => record.panel === 'after')?.treatedArea,
    ).toEqual({ area: 'eyes', outcome: 'withheld' });
    expect(scene.faceMotion.before?.kind).toBe('head_turn');
    expect(scene.treatedAreaName).toBe('eyes');
  });

  it('says which panel has no face in the words of the render’s warnings', () => {
    const { scene, faceWarnings } = buildPreviewScene(
      photo,
      settings('free', { primaryAnimation: 'animate_after_smile' }),
      false,
      { status: 'found', faces: { before: meshFace(500, 520, 400), after: undefined } },
    );
    expect(scene.faceMotion.after).toBeNull();
    expect(faceWarnings).toEqual([
      'Rendered without face alignment: No face found in the after photo.',
      'Face motion skipped on the after photo: No face found in the after photo, so it was not moved.',
    ]);
  });

  it('judges the eye-distance rule on the close-up the template draws', () => {
    const faces = (eye: number) =>
      ({
        status: 'found',
        faces: { before: meshFace(500, 520, eye), after: meshFace(500, 520, eye) },
      }) as const;
    // A face 40 px between the eyes is enlarged 2× at most: 80 px in the video, too small.
    const tiny = buildPreviewScene(photo, settings('free'), false, faces(40));
    expect(tiny.scene.faceMotion.before).toBeNull();
    expect(tiny.faceWarnings[0]).toContain('between the eyes in the video, 96 px needed');
    // An ordinary face moves at 720p (Free) because the close-up shows it large.
    const ordinary = buildPreviewScene(photo, settings('free'), false, faces(150));
    expect(ordinary.scene.faceMotion.before?.kind).toBe('head_turn');
    expect(ordinary.faceWarnings).toEqual([]);
    expect(ordinary.scene.width).toBe(1280);
  });

  it('builds the render’s scene without faces when the server has face detection off', () => {
    const options = { primaryAnimation: 'animate_after_smile' } as const;
    const { scene, faceWarnings } = buildPreviewScene(photo, settings('free', options), false, {
      status: 'off',
    });
    // What prepareRender hands buildScene with FACE_DETECTION=false.
    const fields = faceSceneFields({
      before: undefined,
      after: undefined,
      autoAlign: true,
      wasDetectionRun: false,
    });
    expect(fields.scene).toEqual({ alignment: null, faceCenter: null, faces: null });
    expect(scene.afterTransform).toEqual({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 });
    expect(scene.faceBox).toBeNull();
    expect(scene.faceMotion.before).toBeNull();
    expect(scene.faceMotion.after).toBeNull();
    expect(scene.faceMotion.records.map((record) => record.reason)).toEqual([
      'Face detection was off, so the face was not moved',
      'Face detection was off, so the face was not moved',
    ]);
    // The render's own words: no alignment warning (nobody looked), the chosen motion skipped.
    expect(faceWarnings).toEqual([
      'Face motion skipped on the after photo: Face detection was off, so the face was not moved.',
    ]);
  });

  it("draws the brand kit's accent and keeps its typeface, as the render does", () => {
    const look = { accentColor: '#c0267a', typeface: 'playfair_display' } as const;
    const { scene } = buildPreviewScene(photo, { ...settings('free'), look }, false, null);
    expect(scene.colors.accent).toBe('#c0267a');
    expect(scene.branding.typeface).toBe('playfair_display');
  });
});
