import { useCallback, useRef, type RefObject } from 'react';

/** The timeline's frame step: the render's 30 fps. */
const STEP_SECONDS = 1 / 30;

/**
 * The position slider's elements and a `showTime` for the player to call on every frame: it
 * writes into the DOM directly, so playing never re-renders React 60 times a second.
 */
export function usePreviewPositionDisplay() {
  const inputRef = useRef<HTMLInputElement>(null);
  const outputRef = useRef<HTMLOutputElement>(null);
  const showTime = useCallback((seconds: number) => {
    const text = `${seconds.toFixed(1)} s`;
    if (inputRef.current) {
      inputRef.current.value = String(seconds);
      inputRef.current.setAttribute('aria-valuetext', text);
    }
    if (outputRef.current) outputRef.current.textContent = text;
  }, []);
  return { inputRef, outputRef, showTime };
}

interface PreviewPositionProps {
  inputRef: RefObject<HTMLInputElement | null>;
  outputRef: RefObject<HTMLOutputElement | null>;
  durationSeconds: number;
  onSeek: (seconds: number) => void;
}

/** A slider to move through the preview; arrow keys step one frame of the render. */
export function PreviewPosition({
  inputRef,
  outputRef,
  durationSeconds,
  onSeek,
}: PreviewPositionProps) {
  return (
    <div className="flex items-center gap-3 text-xs text-slate-600">
      <label htmlFor="preview-position">Position</label>
      <input
        ref={inputRef}
        id="preview-position"
        type="range"
        min={0}
        max={durationSeconds - STEP_SECONDS}
        step={STEP_SECONDS}
        defaultValue={0}
        onChange={(event) => onSeek(Number(event.currentTarget.value))}
        className="flex-1 accent-teal-700"
      />
      <output ref={outputRef} htmlFor="preview-position" className="w-12 text-right tabular-nums">
        0.0 s
      </output>
    </div>
  );
}
