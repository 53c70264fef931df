// libheif-js ships types for its asm.js build only; its WebAssembly bundle (the same API, the
// .wasm inlined) is described here as far as the preview uses it.
declare module 'libheif-js/libheif-wasm/libheif-bundle.mjs' {
  interface HeifImage {
    get_width(): number;
    get_height(): number;
    is_primary(): boolean;
    display(
      target: { data: Uint8ClampedArray; width: number; height: number },
      done: (result: { data: Uint8ClampedArray } | null) => void,
    ): void;
    free(): void;
  }
  interface Libheif {
    HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[] };
  }
  const createLibheif: () => Libheif;
  export default createLibheif;
}
