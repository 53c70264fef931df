import {
  ASPECTS,
  EMPHASIS_EFFECTS,
  EMPHASIS_LABELS,
  MOTION_SPEEDS,
  SPEED_LABELS,
  TREATED_AREAS,
  TREATED_AREA_LABELS,
  type Aspect,
} from '@glowreel/contracts';
import type { ReactNode } from 'react';
import { inputClass, labelClass } from '../../components/form-styles.ts';
import type { VideoFormOptions } from '../../lib/videos-api.ts';
import { faceMotionNote, highlightNote } from './preview-face-copy.ts';
import { animationChoices, withTreatedArea } from './treated-area-choices.ts';

export const ASPECT_LABELS: Record<Aspect, string> = {
  '16:9': '16:9 Landscape',
  '9:16': '9:16 Vertical',
  '1:1': '1:1 Square',
};

interface VideoOptionsFieldsProps {
  value: VideoFormOptions;
  onChange: (value: VideoFormOptions) => void;
  /** Whether the server's render finds faces (FACE_DETECTION); null while unknown. */
  faceDetection: boolean | null;
  /** The template picker, shown under the format it depends on. */
  children?: ReactNode;
}

/** SPEC §9 style options plus format and auto-align; every change redraws the preview. */
export function VideoOptionsFields({
  value,
  onChange,
  faceDetection,
  children,
}: VideoOptionsFieldsProps) {
  const set = <K extends keyof VideoFormOptions>(key: K, next: VideoFormOptions[K]) =>
    onChange({ ...value, [key]: next });
  const choices = animationChoices(value.treatedArea);

  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-slate-900">2. Choose the style</legend>
      <div>
        <label htmlFor="option-treated-area" className={labelClass}>
          Treated area
        </label>
        <select
          id="option-treated-area"
          value={value.treatedArea ?? ''}
          onChange={(event) => {
            const next = TREATED_AREAS.find((item) => item === event.target.value) ?? null;
            onChange(withTreatedArea(value, next));
          }}
          aria-describedby="option-treated-area-note"
          className={inputClass}
        >
          <option value="">Not stated</option>
          {TREATED_AREAS.map((item) => (
            <option key={item} value={item}>
              {TREATED_AREA_LABELS[item]}
            </option>
          ))}
        </select>
        {/* Honesty (DESIGN.md D16): the treatment itself is never animated. */}
        <p id="option-treated-area-note" className="mt-1.5 text-sm text-slate-600">
          Face motion never moves the treated area of the after photo, and the highlight circles it.
          Needed for the after-photo animations.
        </p>
      </div>
      <div>
        <label htmlFor="option-animation" className={labelClass}>
          Animation
        </label>
        <select
          id="option-animation"
          value={value.primaryAnimation}
          onChange={(event) => {
            const next = choices.find(
              (choice) => choice.value === event.target.value && choice.disabledReason === null,
            );
            if (next) set('primaryAnimation', next.value);
          }}
          aria-describedby="option-animation-note"
          className={inputClass}
        >
          {choices.map((choice) => (
            <option
              key={choice.value}
              value={choice.value}
              disabled={choice.disabledReason !== null}
            >
              {choice.disabledReason ? `${choice.label} — ${choice.disabledReason}` : choice.label}
            </option>
          ))}
        </select>
        {/* Honesty: say exactly what the chosen motion does, and where the preview shows it. */}
        <p id="option-animation-note" className="mt-1.5 text-sm text-slate-600">
          {faceMotionNote(faceDetection)}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="option-emphasis" className={labelClass}>
            Emphasis
          </label>
          <select
            id="option-emphasis"
            value={value.emphasisEffect}
            onChange={(event) => {
              const next = EMPHASIS_EFFECTS.find((item) => item === event.target.value);
              if (next) set('emphasisEffect', next);
            }}
            aria-describedby={
              value.emphasisEffect === 'hand_gesture' ? 'option-emphasis-note' : undefined
            }
            className={inputClass}
          >
            {EMPHASIS_EFFECTS.map((item) => (
              <option key={item} value={item}>
                {EMPHASIS_LABELS[item]}
              </option>
            ))}
          </select>
          {value.emphasisEffect === 'hand_gesture' && (
            <p id="option-emphasis-note" className="mt-1.5 text-sm text-slate-600">
              {highlightNote(faceDetection)}
            </p>
          )}
        </div>
        <div>
          <label htmlFor="option-speed" className={labelClass}>
            Speed
          </label>
          <select
            id="option-speed"
            value={value.motionSpeed}
            onChange={(event) => {
              const next = MOTION_SPEEDS.find((item) => item === event.target.value);
              if (next) set('motionSpeed', next);
            }}
            className={inputClass}
          >
            {MOTION_SPEEDS.map((item) => (
              <option key={item} value={item}>
                {SPEED_LABELS[item]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <label htmlFor="option-aspect" className={labelClass}>
          Format
        </label>
        <select
          id="option-aspect"
          value={value.aspect}
          onChange={(event) => {
            const next = ASPECTS.find((item) => item === event.target.value);
            if (next) set('aspect', next);
          }}
          className={inputClass}
        >
          {ASPECTS.map((item) => (
            <option key={item} value={item}>
              {ASPECT_LABELS[item]}
            </option>
          ))}
        </select>
      </div>
      {children}
      <div className="flex items-start gap-3">
        <input
          id="option-auto-align"
          type="checkbox"
          checked={value.autoAlign}
          onChange={(event) => set('autoAlign', event.target.checked)}
          aria-describedby="option-auto-align-note"
          className="mt-1 size-4 rounded border-slate-300 accent-brand-700"
        />
        <div>
          <label htmlFor="option-auto-align" className="text-sm font-medium text-slate-700">
            Auto-align faces
          </label>
          <p id="option-auto-align-note" className="text-sm text-slate-600">
            Lines the after photo up with the before photo when both faces are found. Done during
            the render, so the preview shows the photos as uploaded.
          </p>
        </div>
      </div>
    </fieldset>
  );
}
