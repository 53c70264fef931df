import sharp from 'sharp';

/**
 * Pixel decodes allowed at once in this thread. Each one can hold an image's worth of pixels
 * (an interlaced PNG is decoded whole before it can be shrunk: 240 MB for 6320 × 6320 at 16
 * bits), so eight uploads arriving together must not decode eight at a time; on the 2-core
 * machines this runs on, sharp works on two at most anyway (libuv's pool is busy with more).
 */
export const DECODE_SLOTS = 2;

// Every upload is decoded once, so libvips' operation cache (up to 50 MB and 100 operations,
// each holding on to its input buffer) only kept memory after the request had ended.
sharp.cache(false);

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `decode` when one of the DECODE_SLOTS is free; the slot is released however it ends. */
export async function withDecodeSlot<T>(decode: () => Promise<T>): Promise<T> {
  if (running >= DECODE_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await decode();
  } finally {
    // The slot passes straight to the next caller, so `running` stays counted for it.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** How many decodes run and wait now (for tests and diagnostics). */
export function decodeSlotUsage(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}
