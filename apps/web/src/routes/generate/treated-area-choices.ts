import {
  ANIMATION_LABELS,
  PRIMARY_ANIMATIONS,
  type PrimaryAnimation,
  type TreatedAreaName,
} from '@glowreel/contracts';
import { AFTER_FACE_MOTION, animationRefusalReason } from '@glowreel/engine';
import type { VideoFormOptions } from '../../lib/videos-api.ts';

// The form asks the engine's treated-area table (DESIGN.md D16), the one the server refuses
// with, so the form never offers what the render would refuse.

export interface AnimationChoice {
  value: PrimaryAnimation;
  label: string;
  /** One line saying why the choice is disabled; null when it can be picked. */
  disabledReason: string | null;
}

const CHOOSE_AREA_FIRST = 'Choose the treated area first';

export function animationChoices(area: TreatedAreaName | null): AnimationChoice[] {
  return PRIMARY_ANIMATIONS.map((value) => ({
    value,
    label: ANIMATION_LABELS[value],
    disabledReason:
      area === null
        ? AFTER_FACE_MOTION[value] === null
          ? null
          : CHOOSE_AREA_FIRST
        : animationRefusalReason(value, area),
  }));
}

/** The options with a new treated area; an animation it refuses falls back to one it allows. */
export function withTreatedArea(
  options: VideoFormOptions,
  area: TreatedAreaName | null,
): VideoFormOptions {
  const isRefused =
    animationChoices(area).find((choice) => choice.value === options.primaryAnimation)
      ?.disabledReason !== null;
  return {
    ...options,
    treatedArea: area,
    primaryAnimation: isRefused ? 'animate_before_head_turn' : options.primaryAnimation,
  };
}
