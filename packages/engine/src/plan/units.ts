// Branded units where mixing them would be a bug (seconds vs frames).
export type Seconds = number & { readonly __unit: 'seconds' };
export type Frames = number & { readonly __unit: 'frames' };

export const seconds = (value: number): Seconds => value as Seconds;
export const frames = (value: number): Frames => value as Frames;

export function frameTime(frame: Frames, fps: number): Seconds {
  return seconds(frame / fps);
}
