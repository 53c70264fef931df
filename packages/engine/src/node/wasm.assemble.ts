// Assembles the engine's WebAssembly text files into the binaries the paint workers load. Run
// with `npm run build:wasm -w @glowreel/engine` after editing a .wat; a test fails while a
// committed binary differs from what this produces.
import { readFileSync, writeFileSync } from 'node:fs';
import wabt from 'wabt';

export interface WasmModuleFiles {
  source: URL;
  binary: URL;
}

export const WASM_MODULES: readonly WasmModuleFiles[] = [
  {
    source: new URL('./rgba-to-i420.wat', import.meta.url),
    binary: new URL('./rgba-to-i420.wasm', import.meta.url),
  },
  {
    source: new URL('./compositor/frame-compositor.wat', import.meta.url),
    binary: new URL('./compositor/frame-compositor.wasm', import.meta.url),
  },
];

export async function assembleWat(source: URL): Promise<Uint8Array> {
  const toolkit = await wabt();
  const parsed = toolkit.parseWat(source.pathname, readFileSync(source, 'utf8'), {
    simd: true,
    multi_value: true,
    relaxed_simd: true,
  });
  try {
    parsed.validate();
    // No debug names: the binary then depends only on the code, not on how it is spelled.
    return parsed.toBinary({ write_debug_names: false }).buffer;
  } finally {
    parsed.destroy();
  }
}

if (import.meta.main) {
  for (const { source, binary } of WASM_MODULES) {
    const bytes = await assembleWat(source);
    writeFileSync(binary, bytes);
    console.log(`wrote ${binary.pathname} (${bytes.byteLength} bytes)`);
  }
}
