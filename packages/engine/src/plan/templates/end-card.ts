// The end card: the clinic's name, the treatment, the call to action ("Book at …") and the
// disclosure, each fitted to the safe area's width, stacked under the logo's slot.
import { easeInOutCubic, progress } from '../easing.ts';
import type { FrameState, TextState } from '../frame-state.ts';
import type { FittedBlock } from '../fitted-texts.ts';
import type { TextRole } from '../frame-state.ts';
import type { TemplateContext } from './parts.ts';

function plain(role: TextRole, block: FittedBlock, x: number, width: number, y: number): TextState {
  return {
    role,
    lines: block.lines,
    box: { x: x + (width - block.width) / 2, y, width: block.width, height: block.height },
    fontSize: block.fontSize,
    weight: block.weight,
    opacity: 1,
    backing: 'none',
  };
}

export function endCard(context: TemplateContext, t: number): FrameState['endCard'] {
  const { phases, layout, scene, texts } = context;
  const opacity = easeInOutCubic(progress(t, phases.endCardStart, phases.endCardFadeEnd));
  if (opacity <= 0) return null;
  const { safe, type } = layout;
  const logo = scene.branding.hasLogo
    ? {
        x: safe.x + safe.width * 0.2,
        y: safe.y + safe.height * 0.08,
        width: safe.width * 0.6,
        height: safe.height * 0.2,
      }
    : null;
  const { clinic, title, callToAction, disclosure } = texts.endCard;
  const gap = type.label * 0.3;
  const stack = [
    { role: 'clinic' as const, block: clinic },
    ...(title ? [{ role: 'title' as const, block: title }] : []),
    ...(callToAction ? [{ role: 'call_to_action' as const, block: callToAction }] : []),
  ];
  const disclosureTop = safe.y + safe.height - disclosure.height;
  const stackHeight = stack.reduce((sum, item) => sum + item.block.height + gap, 0);
  // Under the logo (with room for its plate), else a third down; never onto the disclosure.
  const wanted = logo ? logo.y + logo.height + type.body * 1.2 : safe.y + safe.height * 0.26;
  let y = Math.max(safe.y, Math.min(wanted, disclosureTop - stackHeight));
  const placed: TextState[] = [];
  for (const item of stack) {
    placed.push(plain(item.role, item.block, safe.x, safe.width, y));
    y += item.block.height + gap;
  }
  placed.push(plain('caption', disclosure, safe.x, safe.width, disclosureTop));
  return { opacity, layout, logo, texts: placed };
}
