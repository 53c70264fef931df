import sharp from 'sharp';

/**
 * Pixel decodes allowed at once in this thread: one. Even shrinking as it goes, libvips holds
 * ~60 MB while it decodes a 6320 × 6320 16-bit PNG (an interlaced one is decoded whole first:
 * 240 MB). Eight such uploads checked two at a time peaked 170 MB above the start and kept
 * 130 MB afterwards (the second libuv thread's glibc arena); one at a time, 70 MB and nothing
 * kept (8 decodes to 256 px, three rounds, MALLOC_ARENA_MAX=2). A 12-megapixel JPEG is decoded
 * at 1/8 scale in well under 100 ms, so the queue this makes is short.
 */
export const DECODE_SLOTS = 1;

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
