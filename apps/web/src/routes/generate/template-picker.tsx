import {
  TEMPLATES,
  TEMPLATE_DESCRIPTIONS,
  TEMPLATE_LABELS,
  defaultTemplateFor,
  type Template,
} from '@glowreel/contracts';
import { useEngineFontSettled } from '../../lib/preview/engine-font.ts';
import type { PreviewSettings } from '../../lib/preview/preview-scene.ts';
import type { AnalyzedPhoto } from '../../lib/preview/split-photo.ts';
import type { PreviewFaces } from '../../lib/preview/use-preview-faces.ts';
import { chosenTemplate } from '../../lib/videos-api.ts';
import { TemplateSketch, TemplateThumbnail } from './template-thumbnail.tsx';
import { ASPECT_LABELS } from './video-options-fields.tsx';

interface TemplatePickerProps {
  settings: PreviewSettings;
  /** The clinic's photo, once analysed; until then each template shows a neutral sketch. */
  photo: AnalyzedPhoto | null;
  logo: ImageBitmap | null;
  /** The faces the live preview found, so each thumbnail is framed as the preview plays it. */
  faces: PreviewFaces | null;
  onChange: (template: Template) => void;
}

/**
 * The four templates as one radio group (arrow keys move between them, as for any radio
 * group), each with a thumbnail of that template on the clinic's own photo.
 */
export function TemplatePicker({ settings, photo, logo, faces, onChange }: TemplatePickerProps) {
  const isFontSettled = useEngineFontSettled();
  const { aspect } = settings.options;
  const chosen = chosenTemplate(settings.options);
  const formatDefault = defaultTemplateFor(aspect);

  return (
    <fieldset aria-describedby="template-note">
      <legend className="text-sm font-medium text-slate-700">Template</legend>
      <p id="template-note" className="mt-1 text-sm text-slate-600">
        How the video is built. The live preview plays the one you pick; the thumbnails show each on
        your photo.
      </p>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {TEMPLATES.map((template) => (
          <label
            key={template}
            className="relative flex min-w-0 cursor-pointer flex-col rounded-xl border border-slate-300 bg-white p-2 transition has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700"
          >
            <input
              type="radio"
              name="template"
              value={template}
              checked={chosen === template}
              onChange={() => onChange(template)}
              // The name alone; the description is read as the description, not twice.
              aria-labelledby={`template-${template}-name`}
              aria-describedby={`template-${template}-description`}
              // Transparent over the whole card: a tap anywhere on it is a tap on the radio.
              className="absolute inset-0 z-10 size-full cursor-pointer opacity-0"
            />
            <span className="flex h-24 items-center justify-center overflow-hidden rounded-lg bg-slate-900 p-1">
              {photo ? (
                <TemplateThumbnail
                  template={template}
                  photo={photo}
                  settings={settings}
                  logo={logo}
                  faces={faces}
                  isReady={isFontSettled}
                />
              ) : (
                <TemplateSketch template={template} />
              )}
            </span>
            <span
              id={`template-${template}-name`}
              className="mt-2 text-sm font-semibold text-slate-900"
            >
              {TEMPLATE_LABELS[template]}
            </span>
            <span id={`template-${template}-description`} className="text-xs text-slate-600">
              {TEMPLATE_DESCRIPTIONS[template]}
              {template === formatDefault && ` Default for ${ASPECT_LABELS[aspect]}.`}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
