// Assembles rgba-to-i420.wat into the rgba-to-i420.wasm the paint workers load. Run with
// `npm run build:wasm -w @glowreel/engine` after editing the .wat; a test fails while the
// committed binary differs from what this produces.
import { readFileSync, writeFileSync } from 'node:fs';
import wabt from 'wabt';

export const RGBA_TO_I420_SOURCE = new URL('./rgba-to-i420.wat', import.meta.url);
export const RGBA_TO_I420_BINARY = new URL('./rgba-to-i420.wasm', import.meta.url);

export async function assembleRgbaToI420(): Promise<Uint8Array> {
  const toolkit = await wabt();
  const parsed = toolkit.parseWat('rgba-to-i420.wat', readFileSync(RGBA_TO_I420_SOURCE, 'utf8'), {
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
  const binary = await assembleRgbaToI420();
  writeFileSync(RGBA_TO_I420_BINARY, binary);
  console.log(`wrote ${RGBA_TO_I420_BINARY.pathname} (${binary.byteLength} bytes)`);
}
