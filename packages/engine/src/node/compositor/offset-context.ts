import type { Canvas2D } from '../../paint/canvas.ts';

/**
 * `context` seen from a surface whose pixel (0, 0) is the frame's pixel (left, top): every
 * transform the drawing code sets (it always sets whole transforms, in frame pixels) is moved
 * by (−left, −top), so code written for the whole frame paints a small part of it.
 */
export function offsetContext<T>(context: Canvas2D<T>, left: number, top: number): Canvas2D<T> {
  const setTransform = (a: number, b: number, c: number, d: number, e: number, f: number) => {
    context.setTransform(a, b, c, d, e - left, f - top);
  };
  return new Proxy(context, {
    get(target, property) {
      if (property === 'setTransform') return setTransform;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
    set(target, property, value) {
      return Reflect.set(target, property, value, target);
    },
  });
}
