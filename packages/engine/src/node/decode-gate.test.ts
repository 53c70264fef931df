import { describe, expect, it } from 'vitest';
import { DECODE_SLOTS, decodeSlotUsage, withDecodeSlot } from './decode-gate.ts';

/** A decode that finishes when the test says so. */
function heldDecode() {
  let finish: (fail?: Error) => void = () => undefined;
  const started = { value: false };
  const decode = () =>
    new Promise<string>((resolve, reject) => {
      started.value = true;
      finish = (fail) => (fail ? reject(fail) : resolve('decoded'));
    });
  return { decode, started, finish: (fail?: Error) => finish(fail) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('withDecodeSlot', () => {
  it(`runs at most ${DECODE_SLOTS} decodes at once and starts the next as one ends, also on failure`, async () => {
    const held = Array.from({ length: DECODE_SLOTS + 3 }, heldDecode);
    const results = held.map((one) => withDecodeSlot(one.decode).catch((error: Error) => error));
    await settle();
    expect(held.map((one) => one.started.value)).toEqual(
      held.map((_one, index) => index < DECODE_SLOTS),
    );
    expect(decodeSlotUsage()).toEqual({ running: DECODE_SLOTS, waiting: 3 });

    held[0]!.finish(new Error('corrupt'));
    await settle();
    expect(held[DECODE_SLOTS]!.started.value).toBe(true);
    expect(decodeSlotUsage()).toEqual({ running: DECODE_SLOTS, waiting: 2 });

    for (const one of held.slice(1)) {
      one.finish();
      await settle();
    }
    expect(held.every((one) => one.started.value)).toBe(true);
    expect(decodeSlotUsage()).toEqual({ running: 0, waiting: 0 });
    expect(await results[0]).toBeInstanceOf(Error);
    expect(await results[1]).toBe('decoded');
  });
});
