import { describe, expect, it } from 'vitest';
import { chinLine, frameSlot, pushIn, subjectOf } from './framing.ts';

const coverage = { x: 0, y: 0, width: 900, height: 1125 };
const face = { x: 300, y: 300, width: 300, height: 360 };

describe('frameSlot', () => {
  it('frames the subject tightly with the slot’s shape, inside the photo', () => {
    const slot = { x: 0, y: 0, width: 1080, height: 1080 };
    const subject = subjectOf(face, null, coverage);
    const { view, rect, shrunk } = frameSlot({
      slot,
      coverage,
      subject,
      tightness: 0.7,
      sourceScale: 1,
    });
    expect(shrunk).toBe(false);
    expect(rect).toEqual(slot);
    expect(view.width).toBeCloseTo(view.height);
    expect(view.height).toBeCloseTo(subject.height / 0.7);
    expect(view.x).toBeGreaterThanOrEqual(0);
    expect(view.y).toBeGreaterThanOrEqual(0);
    // The subject is in the view, centred across.
    expect(view.x + view.width / 2).toBeCloseTo(subject.x + subject.width / 2);
  });

  it('never enlarges a source pixel more than 2×, the after photo’s scale included', () => {
    const slot = { x: 0, y: 0, width: 1920, height: 1080 };
    const tight = frameSlot({
      slot,
      coverage: { x: 0, y: 0, width: 4000, height: 3000 },
      subject: { x: 1900, y: 1400, width: 100, height: 100 },
      tightness: 0.9,
      sourceScale: 1.25,
    });
    expect(slot.width / tight.view.width).toBeCloseTo(2 / 1.25);
  });

  it('shrinks the slot instead of stretching a photo that is too small for it', () => {
    const small = { x: 0, y: 0, width: 640, height: 360 };
    const slot = { x: 0, y: 0, width: 1920, height: 1080 };
    const framing = frameSlot({
      slot,
      coverage: small,
      subject: subjectOf(null, null, small),
      tightness: 0,
      sourceScale: 1,
    });
    expect(framing.shrunk).toBe(true);
    expect(framing.rect.width).toBeCloseTo(1280);
    expect(framing.rect.x).toBeCloseTo(320);
    expect(framing.rect.width / framing.view.width).toBeCloseTo(2);
  });

  it('narrows a wide stage rather than cutting a portrait face into a strip', () => {
    const portrait = { x: 0, y: 0, width: 640, height: 1600 };
    const framing = frameSlot({
      slot: { x: 0, y: 0, width: 1280, height: 720 },
      coverage: portrait,
      subject: subjectOf({ x: 120, y: 200, width: 500, height: 600 }, null, portrait),
      tightness: 0.7,
      sourceScale: 1,
      keepSubjectWhole: true,
    });
    expect(framing.rect.width).toBeLessThan(1280);
    expect(framing.view.height).toBeGreaterThanOrEqual(600 * 1.45);
  });
});

describe('keeping the chin', () => {
  // sbs-portrait's strip: a face as wide as the photo, in a wide stacked slot of 9:16.
  const strip = { x: 0, y: 0, width: 640, height: 1600 };
  const head = { x: 112, y: 194, width: 506, height: 596 };
  const slot = { x: 0, y: 0, width: 1080, height: 957 };

  it('gives up the top of the head, never the chin, when the view cannot hold the head', () => {
    const input = {
      slot,
      coverage: strip,
      subject: subjectOf(head, null, strip),
      tightness: 0.7,
      sourceScale: 1,
    };
    const chin = head.y + head.height;
    // Centred on the subject alone, the view ends above the chin.
    const centred = frameSlot(input).view;
    expect(centred.y + centred.height).toBeLessThan(chin);
    const kept = frameSlot({ ...input, keepBottom: chinLine(head) }).view;
    expect(kept.y + kept.height).toBeGreaterThanOrEqual(chin + head.height * 0.05);
    expect(kept.height).toBeCloseTo(centred.height);
  });

  it('keeps the chin through the push-in', () => {
    const view = { x: 0, y: 280, width: 640, height: 567 };
    const pushed = pushIn(view, subjectOf(head, null, strip), strip, 1.12, 320, chinLine(head));
    expect(pushed.width).toBeLessThan(view.width);
    expect(pushed.y + pushed.height).toBeGreaterThanOrEqual(chinLine(head)! - 1e-9);
  });
});

describe('pushIn', () => {
  it('pushes toward the subject but stops where a pixel would pass 2×', () => {
    const view = { x: 0, y: 0, width: 800, height: 800 };
    const pushed = pushIn(view, face, coverage, 1.5, 700);
    expect(pushed.width).toBeCloseTo(700);
    expect(pushIn(view, face, coverage, 1, 100)).toEqual(view);
  });
});
