import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The one face photo an installed package ships: the 256×256 JPEG portrait Human embeds for
 * its own warm-up (src/sample.ts, MIT package), a computer-generated character, not a person.
 * Tests, the e2e suite and the benchmarks read it from node_modules so they need neither
 * ../shared nor a copy in the repository.
 */
export function readHumanSampleFace(): Buffer {
  const humanRoot = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')),
    '..',
  );
  const source = readFileSync(path.join(humanRoot, 'src', 'sample.ts'), 'utf8');
  const base64 = /export const face: string = `([^`]+)`/.exec(source)?.[1];
  if (!base64) throw new Error('Human no longer embeds its sample face');
  return Buffer.from(base64.replace(/\s/g, ''), 'base64');
}
