// Assembles the engine's WebAssembly text files into the binaries the paint workers load. Run
// with `npm run build:wasm -w @glowreel/engine` after editing a .wat; a test fails while a
// committed binary differs from what this produces.
import { readFileSync, writeFileSync } from 'node:fs';
import wabt from 'wabt';

export interface WasmModuleFiles {
  source: URL;
  binary: URL;
}

export const RGBA_TO_I420: WasmModuleFiles = {
  source: new URL('./rgba-to-i420.wat', import.meta.url),
  binary: new URL('./rgba-to-i420.wasm', import.meta.url),
};

export const TRIANGLE_WARP: WasmModuleFiles = {
  source: new URL('./warp/triangle-warp.wat', import.meta.url),
  binary: new URL('./warp/triangle-warp.wasm', import.meta.url),
};

export async function assembleWat(files: WasmModuleFiles): Promise<Uint8Array> {
  const toolkit = await wabt();
  const name = files.source.pathname.split('/').at(-1) ?? 'module.wat';
  const parsed = toolkit.parseWat(name, readFileSync(files.source, 'utf8'), {
    simd: true,
    multi_value: true,
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
  for (const files of [RGBA_TO_I420, TRIANGLE_WARP]) {
    const binary = await assembleWat(files);
    writeFileSync(files.binary, binary);
    console.log(`wrote ${files.binary.pathname} (${binary.byteLength} bytes)`);
  }
}
