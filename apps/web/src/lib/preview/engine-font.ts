import { ENGINE_FONT_FAMILY } from '@glowreel/engine';
import regularFontUrl from '@fontsource/inter/files/inter-latin-400-normal.woff2?url';
import boldFontUrl from '@fontsource/inter/files/inter-latin-700-normal.woff2?url';
import { useSyncExternalStore } from 'react';

// The very font files the server render registers (packages/engine/src/node/fonts.ts), so
// labels, captions and the end card measure and wrap the same in the preview as in the MP4.
const FONT_FILES = [
  { url: regularFontUrl, weight: '400' },
  { url: boldFontUrl, weight: '700' },
] as const;

type FontStatus = 'loading' | 'ready' | 'failed';

let status: FontStatus = 'loading';
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadEngineFont(): Promise<void> {
  loading ??= Promise.all(
    FONT_FILES.map(async ({ url, weight }) => {
      const face = new FontFace(ENGINE_FONT_FAMILY, `url(${url})`, { weight });
      document.fonts.add(await face.load());
    }),
  ).then(
    () => setStatus('ready'),
    // The engine's font stack ends in sans-serif, so the preview still draws readable text.
    () => setStatus('failed'),
  );
  return loading;
}

function setStatus(next: FontStatus): void {
  status = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void loadEngineFont();
  return () => listeners.delete(listener);
}

/** True once the engine font is usable (or has failed and the fallback will be drawn). */
export function useEngineFontSettled(): boolean {
  return useSyncExternalStore(subscribe, () => status !== 'loading');
}
