import v8 from 'node:v8';
import vm from 'node:vm';

interface CollectOptions {
  type: 'minor' | 'major';
}

let collector: ((options?: CollectOptions) => void) | undefined;

/**
 * V8's collector, for the few places where the engine knows a large amount of memory has just
 * become garbage (a photo's full-size pixels, a frame copy). Threads cannot be started with
 * --expose-gc, hence the flag here; it only adds the `gc` function to new contexts.
 */
export function collectGarbage(options?: CollectOptions): void {
  if (!collector) {
    v8.setFlagsFromString('--expose-gc');
    collector = vm.runInNewContext('gc') as (options?: CollectOptions) => void;
  }
  collector(options);
}
