;; Bilinear sampling of a photo along one row of output pixels, with WebAssembly SIMD: the
;; inner loop of the server's face warp (triangle-warp.ts), which texture-maps each moved
;; triangle of a face from the still photo with one affine transform. Built into
;; triangle-warp.wasm by `npm run build:wasm -w @glowreel/engine`; a test checks the committed
;; binary is this file's.
;;
;; Why it exists: Skia fills a triangle with a photo under a general affine transform at about
;; 35 ns a pixel plus ~15 µs a triangle on the 2-core host, so a smile easing in on a 1080p
;; close-up took 30–70 ms a frame; this samples a pixel in a few nanoseconds.
;;
;; Fixed point: source coordinates are 16.16, with 0 at the centre of the first texel (the
;; caller subtracts half a pixel). Weights keep 7 bits (128 steps a pixel): each channel × 128
;; stays inside 16 bits. The vertical blend is rounded to 8 bits before the horizontal one.
(module
  (memory (export "memory") 1)

  ;; Writes $count RGBA pixels at $dst, pixel k sampled at ($u + k $du, $v + k $dv) from the
  ;; $srcWidth × $srcHeight RGBA photo at $src. Coordinates are clamped to the photo's texel
  ;; centres; the caller keeps one spare row and one spare pixel after the photo, which the
  ;; last row and column read with zero weight.
  (func (export "sampleSpan")
    (param $src i32) (param $srcWidth i32) (param $srcHeight i32)
    (param $dst i32) (param $count i32)
    (param $u i32) (param $v i32) (param $du i32) (param $dv i32)
    (local $stride i32) (local $uMax i32) (local $vMax i32) (local $end i32)
    (local $uc i32) (local $vc i32) (local $texel i32) (local $fx i32) (local $fy i32)
    (local $top v128) (local $bottom v128) (local $mix v128)
    (local.set $stride (i32.shl (local.get $srcWidth) (i32.const 2)))
    (local.set $uMax (i32.shl (i32.sub (local.get $srcWidth) (i32.const 1)) (i32.const 16)))
    (local.set $vMax (i32.shl (i32.sub (local.get $srcHeight) (i32.const 1)) (i32.const 16)))
    (local.set $end (i32.add (local.get $dst) (i32.shl (local.get $count) (i32.const 2))))
    (block $done
      (loop $pixels
        (br_if $done (i32.ge_u (local.get $dst) (local.get $end)))
        (local.set $uc
          (select (i32.const 0) (local.get $u) (i32.lt_s (local.get $u) (i32.const 0))))
        (local.set $uc
          (select (local.get $uMax) (local.get $uc) (i32.gt_s (local.get $uc) (local.get $uMax))))
        (local.set $vc
          (select (i32.const 0) (local.get $v) (i32.lt_s (local.get $v) (i32.const 0))))
        (local.set $vc
          (select (local.get $vMax) (local.get $vc) (i32.gt_s (local.get $vc) (local.get $vMax))))
        (local.set $texel
          (i32.add (local.get $src)
            (i32.add
              (i32.mul (i32.shr_u (local.get $vc) (i32.const 16)) (local.get $stride))
              (i32.shl (i32.shr_u (local.get $uc) (i32.const 16)) (i32.const 2)))))
        (local.set $fx (i32.and (i32.shr_u (local.get $uc) (i32.const 9)) (i32.const 127)))
        (local.set $fy (i32.and (i32.shr_u (local.get $vc) (i32.const 9)) (i32.const 127)))
        ;; Two neighbouring texels of the row, then of the row below: [p0 r g b a, p1 r g b a].
        (local.set $top (i16x8.extend_low_i8x16_u (v128.load64_zero (local.get $texel))))
        (local.set $bottom
          (i16x8.extend_low_i8x16_u
            (v128.load64_zero (i32.add (local.get $texel) (local.get $stride)))))
        ;; Down: top × (128 − fy) + bottom × fy, back to 8 bits with rounding.
        (local.set $mix
          (i16x8.shr_u
            (i16x8.add
              (i16x8.add
                (i16x8.mul (local.get $top)
                  (i16x8.splat (i32.sub (i32.const 128) (local.get $fy))))
                (i16x8.mul (local.get $bottom) (i16x8.splat (local.get $fy))))
              (i16x8.splat (i32.const 64)))
            (i32.const 7)))
        ;; Across: p0 × (128 − fx) + p1 × fx, the two halves of one vector added.
        (local.set $mix
          (i16x8.mul (local.get $mix)
            (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              (i16x8.splat (i32.sub (i32.const 128) (local.get $fx)))
              (i16x8.splat (local.get $fx)))))
        (local.set $mix
          (i16x8.shr_u
            (i16x8.add
              (i16x8.add (local.get $mix)
                (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7
                  (local.get $mix) (local.get $mix)))
              (i16x8.splat (i32.const 64)))
            (i32.const 7)))
        (v128.store32_lane 0 (local.get $dst) (i8x16.narrow_i16x8_u (local.get $mix) (local.get $mix)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 4)))
        (local.set $u (i32.add (local.get $u) (local.get $du)))
        (local.set $v (i32.add (local.get $v) (local.get $dv)))
        (br $pixels)))))
