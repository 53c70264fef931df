import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WASM_MODULES, assembleWat } from './wasm.assemble.ts';

describe('the committed WebAssembly binaries', () => {
  it.each(WASM_MODULES.map((files) => [files.binary.pathname.split('/').at(-1), files] as const))(
    '%s is what its WebAssembly text assembles to',
    async (_name, { source, binary }) => {
      expect(new Uint8Array(readFileSync(binary))).toEqual(await assembleWat(source));
    },
  );
});
