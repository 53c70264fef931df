import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { VideoFormOptions } from '../../lib/videos-api.ts';
import { animationChoices, withTreatedArea } from './treated-area-choices.ts';
import { VideoOptionsFields } from './video-options-fields.tsx';

const OPTIONS: VideoFormOptions = {
  primaryAnimation: 'animate_after_smile',
  emphasisEffect: 'none',
  motionSpeed: 'normal',
  aspect: '9:16',
  template: null,
  autoAlign: true,
  treatedArea: null,
};

function renderForm(value: VideoFormOptions): string {
  return renderToStaticMarkup(
    createElement(VideoOptionsFields, { value, onChange: () => undefined, faceDetection: true }),
  );
}

describe('the animation choices for a treated area', () => {
  it('disables what would move the treated lips, with a one-line reason', () => {
    const html = renderForm({
      ...OPTIONS,
      primaryAnimation: 'animate_after_surprise',
      treatedArea: 'lips',
    });
    expect(html).toContain(
      '<option value="animate_after_smile" disabled="">After photo: smile — Would move the lips, the treated area</option>',
    );
    expect(html).toContain(
      '<option value="animate_after_head_turn" disabled="">After photo: head turn — Would move the lips, the treated area</option>',
    );
    expect(html).toContain(
      '<option value="animate_after_surprise" selected="">After photo: surprise</option>',
    );
    expect(html).toContain('<option value="lips" selected="">Lips</option>');
  });

  it('asks for the treated area before offering any after-photo animation', () => {
    const reasons = animationChoices(null).map((choice) => [choice.value, choice.disabledReason]);
    expect(reasons).toEqual([
      ['animate_before_head_turn', null],
      ['animate_after_head_turn', 'Choose the treated area first'],
      ['animate_after_smile', 'Choose the treated area first'],
      ['animate_after_surprise', 'Choose the treated area first'],
    ]);
  });

  it('offers every animation for a body treatment', () => {
    expect(animationChoices('body').every((choice) => choice.disabledReason === null)).toBe(true);
  });

  it('moves a refused animation back to the before photo when the area changes', () => {
    expect(withTreatedArea(OPTIONS, 'lips')).toMatchObject({
      treatedArea: 'lips',
      primaryAnimation: 'animate_before_head_turn',
    });
    expect(withTreatedArea(OPTIONS, 'nose')).toMatchObject({
      treatedArea: 'nose',
      primaryAnimation: 'animate_after_smile',
    });
  });
});
