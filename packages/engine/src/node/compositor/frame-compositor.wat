;; The server's frame compositor, with WebAssembly SIMD: the photos of a frame's panels and
;; the triangles of a moving face are resampled straight into the frame's RGBA pixels, and the
;; layer Canvas 2D paints (badges, texts, the end card) is laid over them. Built into frame-compositor.wasm by
;; `npm run build:wasm -w @glowreel/engine`; a test checks the committed binary is this file's.
;;
;; Why it exists: drawn by Skia, a 1080p frame's scaled photos and the read-out of the whole
;; canvas cost the paint worker more CPU than everything else it does, and x264 needs the other
;; core. Here a photo is sampled in a few nanoseconds a pixel into memory the I420 conversion
;; reads from directly (the memory is the converter's, imported).
;;
;; Fixed point: source coordinates are 16.16, with 0 at the centre of the first texel (the
;; caller subtracts half a pixel). Bilinear weights keep 7 bits (128 steps a pixel): each
;; channel × 128 stays inside 16 bits. The vertical blend is rounded to 8 bits before the
;; horizontal one. Coverage (a clip's partly covered edge pixels) is 0–256.
(module
  (import "env" "memory" (memory 1))

  ;; Writes $count RGBA pixels at $dst, pixel k sampled at ($u + k $du, $v + k $dv) from the
  ;; $srcWidth × $srcHeight RGBA photo at $src. With $coverage below 256 each sample is mixed
  ;; with the pixel already at $dst in that proportion. Coordinates are clamped to the photo's
  ;; texel centres; the caller keeps one spare row and one spare pixel after the photo, which
  ;; the last row and column read with zero weight.
  (func $sampleSpan (export "sampleSpan")
    (param $src i32) (param $srcWidth i32) (param $srcHeight i32)
    (param $dst i32) (param $count i32)
    (param $u i32) (param $v i32) (param $du i32) (param $dv i32) (param $coverage i32)
    (local $stride i32) (local $uMax i32) (local $vMax i32) (local $end i32)
    (local $uc i32) (local $vc i32) (local $texel i32) (local $fx i32) (local $fy i32)
    (local $top v128) (local $bottom v128) (local $mix v128)
    (local $keep v128) (local $take v128) (local $half v128)
    (local.set $stride (i32.shl (local.get $srcWidth) (i32.const 2)))
    (local.set $uMax (i32.shl (i32.sub (local.get $srcWidth) (i32.const 1)) (i32.const 16)))
    (local.set $vMax (i32.shl (i32.sub (local.get $srcHeight) (i32.const 1)) (i32.const 16)))
    ;; A fully covered span whose first and last samples lie inside the photo (so all between
    ;; do) needs no clamping: the common case, taken by a loop without it.
    (if (i32.and
          (i32.eq (local.get $coverage) (i32.const 256))
          (i32.and
            (call $inside (local.get $u) (local.get $v) (local.get $uMax) (local.get $vMax))
            (call $inside
              (i32.add (local.get $u)
                (i32.mul (i32.sub (local.get $count) (i32.const 1)) (local.get $du)))
              (i32.add (local.get $v)
                (i32.mul (i32.sub (local.get $count) (i32.const 1)) (local.get $dv)))
              (local.get $uMax) (local.get $vMax))))
      (then
        (call $sampleInside (local.get $src) (local.get $stride) (local.get $dst)
          (local.get $count) (local.get $u) (local.get $v) (local.get $du) (local.get $dv))
        (return)))
    (local.set $end (i32.add (local.get $dst) (i32.shl (local.get $count) (i32.const 2))))
    (local.set $take (i16x8.splat (local.get $coverage)))
    (local.set $keep (i16x8.splat (i32.sub (i32.const 256) (local.get $coverage))))
    (local.set $half (i16x8.splat (i32.const 128)))
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
          (call $texelAt (local.get $src) (local.get $stride) (local.get $uc) (local.get $vc)))
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
        ;; A partly covered pixel: sample × coverage + what was there × (256 − coverage).
        (if (i32.lt_u (local.get $coverage) (i32.const 256))
          (then
            (local.set $mix
              (i16x8.shr_u
                (i16x8.add
                  (i16x8.add
                    (i16x8.mul (local.get $mix) (local.get $take))
                    (i16x8.mul
                      (i16x8.extend_low_i8x16_u (v128.load32_zero (local.get $dst)))
                      (local.get $keep)))
                  (local.get $half))
                (i32.const 8)))))
        (v128.store32_lane 0 (local.get $dst) (i8x16.narrow_i16x8_u (local.get $mix) (local.get $mix)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 4)))
        (local.set $u (i32.add (local.get $u) (local.get $du)))
        (local.set $v (i32.add (local.get $v) (local.get $dv)))
        (br $pixels))))

  ;; Whether the 16.16 point ($u, $v) lies within [0, $uMax] × [0, $vMax].
  (func $inside (param $u i32) (param $v i32) (param $uMax i32) (param $vMax i32) (result i32)
    (i32.and
      (i32.and (i32.ge_s (local.get $u) (i32.const 0)) (i32.le_s (local.get $u) (local.get $uMax)))
      (i32.and (i32.ge_s (local.get $v) (i32.const 0)) (i32.le_s (local.get $v) (local.get $vMax)))))

  ;; sampleSpan's loop for a span that stays inside the photo and covers its pixels fully:
  ;; four pixels at a time, then one at a time.
  (func $sampleInside (param $src i32) (param $stride i32) (param $dst i32) (param $count i32)
    (param $u i32) (param $v i32) (param $du i32) (param $dv i32)
    (local $end i32) (local $texel i32) (local $fx i32) (local $fy i32)
    (local $top v128) (local $bottom v128) (local $mix v128)
    (local $us v128) (local $vs v128) (local $uStep v128) (local $vStep v128)
    (local $t0 i32) (local $t1 i32) (local $t2 i32) (local $t3 i32)
    (local $fxs v128) (local $fys v128) (local $first v128) (local $second v128)
    (local $texels v128)
    (local.set $end
      (i32.add (local.get $dst) (i32.shl (i32.and (local.get $count) (i32.const -4)) (i32.const 2))))
    (local.set $us
      (i32x4.add (i32x4.splat (local.get $u))
        (i32x4.mul (i32x4.splat (local.get $du)) (v128.const i32x4 0 1 2 3))))
    (local.set $vs
      (i32x4.add (i32x4.splat (local.get $v))
        (i32x4.mul (i32x4.splat (local.get $dv)) (v128.const i32x4 0 1 2 3))))
    (local.set $uStep (i32x4.splat (i32.shl (local.get $du) (i32.const 2))))
    (local.set $vStep (i32x4.splat (i32.shl (local.get $dv) (i32.const 2))))
    (block $quadsDone
      (loop $quads
        (br_if $quadsDone (i32.ge_u (local.get $dst) (local.get $end)))
        ;; The four texels' addresses (texelAt's) worked out side by side.
        (local.set $texels
          (i32x4.add
            (i32x4.add (i32x4.splat (local.get $src))
              (i32x4.mul (i32x4.shr_u (local.get $vs) (i32.const 16)) (i32x4.splat (local.get $stride))))
            (i32x4.shl (i32x4.shr_u (local.get $us) (i32.const 16)) (i32.const 2))))
        (local.set $t0 (i32x4.extract_lane 0 (local.get $texels)))
        (local.set $t1 (i32x4.extract_lane 1 (local.get $texels)))
        (local.set $t2 (i32x4.extract_lane 2 (local.get $texels)))
        (local.set $t3 (i32x4.extract_lane 3 (local.get $texels)))
        ;; fx and fy (0–127) × 256 in the low half of each pixel's 32-bit lane, zeros above it.
        (local.set $fxs (call $towardsWeights (local.get $us)))
        (local.set $fys (call $towardsWeights (local.get $vs)))
        ;; Pixels 0 and 1: each one's two texels blended down, then across.
        (local.set $first
          (call $downAndAcross
            (v128.load64_lane 1 (local.get $t1) (v128.load64_zero (local.get $t0)))
            (v128.load64_lane 1 (i32.add (local.get $t1) (local.get $stride))
              (v128.load64_zero (i32.add (local.get $t0) (local.get $stride))))
            (i8x16.shuffle 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 (local.get $fys) (local.get $fys))
            (i8x16.shuffle 4 5 4 5 4 5 4 5 4 5 4 5 4 5 4 5 (local.get $fys) (local.get $fys))
            (i8x16.shuffle 0 1 0 1 0 1 0 1 4 5 4 5 4 5 4 5 (local.get $fxs) (local.get $fxs))))
        (local.set $second
          (call $downAndAcross
            (v128.load64_lane 1 (local.get $t3) (v128.load64_zero (local.get $t2)))
            (v128.load64_lane 1 (i32.add (local.get $t3) (local.get $stride))
              (v128.load64_zero (i32.add (local.get $t2) (local.get $stride))))
            (i8x16.shuffle 8 9 8 9 8 9 8 9 8 9 8 9 8 9 8 9 (local.get $fys) (local.get $fys))
            (i8x16.shuffle 12 13 12 13 12 13 12 13 12 13 12 13 12 13 12 13
              (local.get $fys) (local.get $fys))
            (i8x16.shuffle 8 9 8 9 8 9 8 9 12 13 12 13 12 13 12 13 (local.get $fxs) (local.get $fxs))))
        (v128.store (local.get $dst) (i8x16.narrow_i16x8_u (local.get $first) (local.get $second)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
        (local.set $us (i32x4.add (local.get $us) (local.get $uStep)))
        (local.set $vs (i32x4.add (local.get $vs) (local.get $vStep)))
        (br $quads)))
    (local.set $u (i32x4.extract_lane 0 (local.get $us)))
    (local.set $v (i32x4.extract_lane 0 (local.get $vs)))
    (local.set $end
      (i32.add (local.get $dst) (i32.shl (i32.and (local.get $count) (i32.const 3)) (i32.const 2))))
    (block $done
      (loop $pixels
        (br_if $done (i32.ge_u (local.get $dst) (local.get $end)))
        (local.set $texel
          (call $texelAt (local.get $src) (local.get $stride) (local.get $u) (local.get $v)))
        (local.set $fx (i32.and (i32.shr_u (local.get $u) (i32.const 9)) (i32.const 127)))
        (local.set $fy (i32.and (i32.shr_u (local.get $v) (i32.const 9)) (i32.const 127)))
        (local.set $top (i16x8.extend_low_i8x16_u (v128.load64_zero (local.get $texel))))
        (local.set $bottom
          (i16x8.extend_low_i8x16_u
            (v128.load64_zero (i32.add (local.get $texel) (local.get $stride)))))
        (local.set $mix
          (i16x8.shr_u
            (i16x8.add
              (i16x8.add
                (i16x8.mul (local.get $top)
                  (i16x8.splat (i32.sub (i32.const 128) (local.get $fy))))
                (i16x8.mul (local.get $bottom) (i16x8.splat (local.get $fy))))
              (i16x8.splat (i32.const 64)))
            (i32.const 7)))
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
        (br $pixels))))

  ;; The address of the texel at the 16.16 point ($u, $v) of a photo, rows $stride bytes apart.
  (func $texelAt (param $src i32) (param $stride i32) (param $u i32) (param $v i32) (result i32)
    (i32.add (local.get $src)
      (i32.add
        (i32.mul (i32.shr_u (local.get $v) (i32.const 16)) (local.get $stride))
        (i32.shl (i32.shr_u (local.get $u) (i32.const 16)) (i32.const 2)))))

  ;; Two pixels of sampleInside: $tops holds each one's two neighbouring texels of its row (the
  ;; first pixel's in the low half), $bottoms those of the row below; $fy0 and $fy1 are each
  ;; pixel's fy in every 16-bit lane, $fxs [fx0 × 4, fx1 × 4]. Blended down, then across, each
  ;; as a + (((b − a) f + 64) >> 7) (arithmetic shift), which is (a (128 − f) + b f + 64) >> 7
  ;; to the bit, as sampleSpan rounds it. Returns the two pixels as 16-bit channels.
  (func $downAndAcross (param $tops v128) (param $bottoms v128) (param $fy0 v128)
    (param $fy1 v128) (param $fxs v128) (result v128)
    (local $first v128) (local $second v128)
    (local.set $first
      (call $towards (i16x8.extend_low_i8x16_u (local.get $tops))
        (i16x8.extend_low_i8x16_u (local.get $bottoms)) (local.get $fy0)))
    (local.set $second
      (call $towards (i16x8.extend_high_i8x16_u (local.get $tops))
        (i16x8.extend_high_i8x16_u (local.get $bottoms)) (local.get $fy1)))
    ;; [left0 left1] towards [right0 right1].
    (call $towards
      (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $first) (local.get $second))
      (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
        (local.get $first) (local.get $second))
      (local.get $fxs)))

  ;; a + (((b − a) f + 64) >> 7) in 16-bit lanes, f 0–127 handed as f × 256 (towardsWeights).
  (func $towards (param $a v128) (param $b v128) (param $f256 v128) (result v128)
    (i16x8.add (local.get $a)
      (i16x8.relaxed_q15mulr_s (i16x8.sub (local.get $b) (local.get $a)) (local.get $f256))))

  ;; The fractions (0–127) of four 16.16 coordinates as towards takes them: × 256, so that
  ;; i16x8.relaxed_q15mulr_s's (x w + 2^14) >> 15 is (x f + 64) >> 7 to the bit (it differs from
  ;; the exact rounding multiply only for −32768 × −32768, and |x| ≤ 255 here).
  (func $towardsWeights (param $coordinates v128) (result v128)
    (v128.and (i32x4.shr_u (local.get $coordinates) (i32.const 1)) (i32x4.splat (i32.const 0x7f00))))

  ;; Writes $count RGBA pixels at $dst along one row of the photo: pixel k sampled at
  ;; ($u + k $du, $v), with $du > 0 (a panel's photo scaled and moved, not turned). The two
  ;; photo rows it falls between are blended once, four pixels at a time, into the row at
  ;; $temp (or read straight from the photo when $v lies on a row), so each output pixel only
  ;; blends two neighbours across: the same rounding as sampleSpan, half the work. The photo
  ;; needs the spare row and four spare pixels after it (16-byte loads reach past its end).
  (func $sampleRow (export "sampleRow")
    (param $src i32) (param $srcWidth i32) (param $srcHeight i32)
    (param $dst i32) (param $count i32)
    (param $u i32) (param $v i32) (param $du i32) (param $coverage i32) (param $temp i32)
    (local $stride i32) (local $uMax i32) (local $vc i32) (local $fy i32) (local $row i32)
    (local $first i32) (local $last i32) (local $x i32) (local $blended i32) (local $end i32)
    (local $uc i32) (local $fx i32) (local $top v128) (local $bottom v128) (local $mix v128)
    (local $takeY v128) (local $keep v128) (local $take v128)
    (local $half v128)
    (local.set $stride (i32.shl (local.get $srcWidth) (i32.const 2)))
    (local.set $uMax (i32.shl (i32.sub (local.get $srcWidth) (i32.const 1)) (i32.const 16)))
    (local.set $vc
      (select (i32.const 0) (local.get $v) (i32.lt_s (local.get $v) (i32.const 0))))
    (local.set $vc
      (select
        (i32.shl (i32.sub (local.get $srcHeight) (i32.const 1)) (i32.const 16))
        (local.get $vc)
        (i32.gt_s (local.get $vc)
          (i32.shl (i32.sub (local.get $srcHeight) (i32.const 1)) (i32.const 16)))))
    (local.set $fy (i32.and (i32.shr_u (local.get $vc) (i32.const 9)) (i32.const 127)))
    (local.set $row
      (i32.add (local.get $src) (i32.mul (i32.shr_u (local.get $vc) (i32.const 16)) (local.get $stride))))
    ;; The photo pixels the row reaches: from the first sample's to the one right of the last's.
    (local.set $first
      (i32.shr_u
        (select (i32.const 0) (local.get $u) (i32.lt_s (local.get $u) (i32.const 0)))
        (i32.const 16)))
    (local.set $first (select (i32.sub (local.get $srcWidth) (i32.const 1)) (local.get $first)
      (i32.gt_s (local.get $first) (i32.sub (local.get $srcWidth) (i32.const 1)))))
    (local.set $last
      (i32.add (local.get $u) (i32.mul (i32.sub (local.get $count) (i32.const 1)) (local.get $du))))
    (local.set $last
      (select (i32.const 0) (local.get $last) (i32.lt_s (local.get $last) (i32.const 0))))
    (local.set $last
      (select (local.get $uMax) (local.get $last) (i32.gt_s (local.get $last) (local.get $uMax))))
    (local.set $last (i32.add (i32.shr_u (local.get $last) (i32.const 16)) (i32.const 1)))
    (if (i32.eqz (local.get $fy))
      (then
        ;; On a photo row: its pixels need no blending down.
        (local.set $blended (i32.add (local.get $row) (i32.shl (local.get $first) (i32.const 2)))))
      (else
        (local.set $blended (local.get $temp))
        (local.set $takeY (i16x8.splat (i32.shl (local.get $fy) (i32.const 8))))
        (local.set $x (i32.add (local.get $row) (i32.shl (local.get $first) (i32.const 2))))
        (local.set $end
          (i32.add (local.get $row) (i32.shl (i32.add (local.get $last) (i32.const 1)) (i32.const 2))))
        (local.set $uc (local.get $temp))
        (block $downDone
          (loop $down
            (br_if $downDone (i32.ge_u (local.get $x) (local.get $end)))
            (local.set $top (v128.load (local.get $x)))
            (local.set $bottom (v128.load (i32.add (local.get $x) (local.get $stride))))
            ;; top + (((bottom − top) fy + 64) >> 7), arithmetic shift: the same to the bit as
            ;; (top (128 − fy) + bottom fy + 64) >> 7, with one rounding multiply per half.
            (v128.store (local.get $uc)
              (i8x16.narrow_i16x8_u
                (call $towards (i16x8.extend_low_i8x16_u (local.get $top))
                  (i16x8.extend_low_i8x16_u (local.get $bottom)) (local.get $takeY))
                (call $towards (i16x8.extend_high_i8x16_u (local.get $top))
                  (i16x8.extend_high_i8x16_u (local.get $bottom)) (local.get $takeY))))
            (local.set $x (i32.add (local.get $x) (i32.const 16)))
            (local.set $uc (i32.add (local.get $uc) (i32.const 16)))
            (br $down)))))
    ;; Across: each output pixel blends its two neighbours of the blended row; two pixels at a
    ;; time when the whole span is covered and stays inside the photo.
    (if (i32.and (i32.eq (local.get $coverage) (i32.const 256))
          (i32.and
            (i32.ge_s (local.get $u) (i32.const 0))
            (i32.le_s
              (i32.add (local.get $u)
                (i32.mul (i32.sub (local.get $count) (i32.const 1)) (local.get $du)))
              (local.get $uMax))))
      (then
        (call $acrossInside
          (i32.sub (local.get $blended) (i32.shl (local.get $first) (i32.const 2)))
          (local.get $dst) (local.get $count) (local.get $u) (local.get $du))
        (return)))
    (local.set $take (i16x8.splat (local.get $coverage)))
    (local.set $keep (i16x8.splat (i32.sub (i32.const 256) (local.get $coverage))))
    (local.set $half (i16x8.splat (i32.const 128)))
    (local.set $end (i32.add (local.get $dst) (i32.shl (local.get $count) (i32.const 2))))
    (block $done
      (loop $pixels
        (br_if $done (i32.ge_u (local.get $dst) (local.get $end)))
        (local.set $uc
          (select (i32.const 0) (local.get $u) (i32.lt_s (local.get $u) (i32.const 0))))
        (local.set $uc
          (select (local.get $uMax) (local.get $uc) (i32.gt_s (local.get $uc) (local.get $uMax))))
        (local.set $fx (i32.and (i32.shr_u (local.get $uc) (i32.const 9)) (i32.const 127)))
        (local.set $mix
          (i16x8.mul
            (i16x8.extend_low_i8x16_u
              (v128.load64_zero
                (i32.add (local.get $blended)
                  (i32.shl (i32.sub (i32.shr_u (local.get $uc) (i32.const 16)) (local.get $first))
                    (i32.const 2)))))
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
        (if (i32.lt_u (local.get $coverage) (i32.const 256))
          (then
            (local.set $mix
              (i16x8.shr_u
                (i16x8.add
                  (i16x8.add
                    (i16x8.mul (local.get $mix) (local.get $take))
                    (i16x8.mul
                      (i16x8.extend_low_i8x16_u (v128.load32_zero (local.get $dst)))
                      (local.get $keep)))
                  (local.get $half))
                (i32.const 8)))))
        (v128.store32_lane 0 (local.get $dst) (i8x16.narrow_i16x8_u (local.get $mix) (local.get $mix)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 4)))
        (local.set $u (i32.add (local.get $u) (local.get $du)))
        (br $pixels))))

  ;; sampleRow for $rows output rows $rowBytes apart from $dst, the same $count pixels of each
  ;; (a panel's clip covers the same columns on every row): row $firstRow + r samples photo row
  ;; v = round(($vScale ($firstRow + r + 0.5) + $vOffset − 0.5) × 65536), rounded half up as
  ;; JavaScript's Math.round does, so the pixels are those of one sampleRow call per row: a
  ;; panel takes a few calls a frame from JavaScript instead of one per row and column run.
  (func (export "sampleRows")
    (param $src i32) (param $srcWidth i32) (param $srcHeight i32)
    (param $dst i32) (param $rowBytes i32) (param $rows i32) (param $count i32)
    (param $u i32) (param $du i32) (param $coverage i32) (param $temp i32)
    (param $firstRow i32) (param $vScale f64) (param $vOffset f64)
    (local $r i32) (local $v f64) (local $whole f64)
    (local.set $r (i32.const 0))
    (block $done
      (loop $rowsLoop
        (br_if $done (i32.ge_s (local.get $r) (local.get $rows)))
        (local.set $v
          (f64.mul
            (f64.sub
              (f64.add
                (f64.mul (local.get $vScale)
                  (f64.add (f64.convert_i32_s (i32.add (local.get $firstRow) (local.get $r)))
                    (f64.const 0.5)))
                (local.get $vOffset))
              (f64.const 0.5))
            (f64.const 65536)))
        (local.set $whole (f64.floor (local.get $v)))
        (if (f64.ge (f64.sub (local.get $v) (local.get $whole)) (f64.const 0.5))
          (then (local.set $whole (f64.add (local.get $whole) (f64.const 1)))))
        (call $sampleRow
          (local.get $src) (local.get $srcWidth) (local.get $srcHeight)
          (i32.add (local.get $dst) (i32.mul (local.get $r) (local.get $rowBytes)))
          (local.get $count) (local.get $u) (i32.trunc_sat_f64_s (local.get $whole))
          (local.get $du) (local.get $coverage) (local.get $temp))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rowsLoop))))

  ;; sampleRow's blend across for a fully covered span inside the photo, four output pixels at
  ;; a time, then two, then one: $row points at the blended row's pixel 0 (its pixel x at
  ;; $row + 4x).
  (func $acrossInside (param $row i32) (param $dst i32) (param $count i32) (param $u i32)
    (param $du i32)
    (local $end i32) (local $u1 i32) (local $pair v128) (local $weights v128)
    (local $first v128) (local $second v128) (local $fx0 i32) (local $fx1 i32) (local $mix v128)
    (local $u2 i32) (local $u3 i32) (local $us v128) (local $step v128) (local $fractions v128)
    (local $pairs01 v128) (local $pairs23 v128) (local $lefts v128) (local $rights v128)
    ;; Four pixels: their left neighbours in one vector and their right ones in another, each
    ;; mixed as a + (((b − a) fx + 64) >> 7) (arithmetic shift), which is (a (128 − fx) + b fx +
    ;; 64) >> 7 to the bit (128 a is a multiple of 128) with one multiply instead of two. The
    ;; weights come from the four positions kept in one vector.
    (local.set $end
      (i32.add (local.get $dst) (i32.shl (i32.and (local.get $count) (i32.const -4)) (i32.const 2))))
    (local.set $us
      (i32x4.add (i32x4.splat (local.get $u))
        (i32x4.mul (i32x4.splat (local.get $du)) (v128.const i32x4 0 1 2 3))))
    (local.set $step (i32x4.splat (i32.shl (local.get $du) (i32.const 2))))
    (block $quadsDone
      (loop $quads
        (br_if $quadsDone (i32.ge_u (local.get $dst) (local.get $end)))
        (local.set $u1 (i32.add (local.get $u) (local.get $du)))
        (local.set $u2 (i32.add (local.get $u1) (local.get $du)))
        (local.set $u3 (i32.add (local.get $u2) (local.get $du)))
        (local.set $pairs01
          (v128.load64_lane 1
            (i32.add (local.get $row) (i32.shl (i32.shr_u (local.get $u1) (i32.const 16)) (i32.const 2)))
            (v128.load64_zero
              (i32.add (local.get $row) (i32.shl (i32.shr_u (local.get $u) (i32.const 16)) (i32.const 2))))))
        (local.set $pairs23
          (v128.load64_lane 1
            (i32.add (local.get $row) (i32.shl (i32.shr_u (local.get $u3) (i32.const 16)) (i32.const 2)))
            (v128.load64_zero
              (i32.add (local.get $row) (i32.shl (i32.shr_u (local.get $u2) (i32.const 16)) (i32.const 2))))))
        (local.set $lefts
          (i8x16.shuffle 0 1 2 3 8 9 10 11 16 17 18 19 24 25 26 27
            (local.get $pairs01) (local.get $pairs23)))
        (local.set $rights
          (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31
            (local.get $pairs01) (local.get $pairs23)))
        ;; fx (0–127) × 256 in the low half of each 32-bit lane, zeros above it.
        (local.set $fractions (call $towardsWeights (local.get $us)))
        ;; Pixels 0 and 1: [fx0 × 4, fx1 × 4] as 16-bit weights.
        (local.set $first
          (call $towards (i16x8.extend_low_i8x16_u (local.get $lefts))
            (i16x8.extend_low_i8x16_u (local.get $rights))
            (i8x16.shuffle 0 1 0 1 0 1 0 1 4 5 4 5 4 5 4 5
              (local.get $fractions) (local.get $fractions))))
        ;; Pixels 2 and 3: [fx2 × 4, fx3 × 4].
        (local.set $second
          (call $towards (i16x8.extend_high_i8x16_u (local.get $lefts))
            (i16x8.extend_high_i8x16_u (local.get $rights))
            (i8x16.shuffle 8 9 8 9 8 9 8 9 12 13 12 13 12 13 12 13
              (local.get $fractions) (local.get $fractions))))
        (v128.store (local.get $dst) (i8x16.narrow_i16x8_u (local.get $first) (local.get $second)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
        (local.set $u (i32.add (local.get $u3) (local.get $du)))
        (local.set $us (i32x4.add (local.get $us) (local.get $step)))
        (br $quads)))
    ;; Two of the last three.
    (local.set $end
      (i32.add (local.get $dst) (i32.shl (i32.and (local.get $count) (i32.const 2)) (i32.const 2))))
    (block $pairsDone
      (loop $pairs
        (br_if $pairsDone (i32.ge_u (local.get $dst) (local.get $end)))
        (local.set $u1 (i32.add (local.get $u) (local.get $du)))
        ;; Both pixels' two neighbours: [a0 b0] in the low half, [a1 b1] in the high half.
        (local.set $pair
          (v128.load64_lane 1
            (i32.add (local.get $row) (i32.shl (i32.shr_u (local.get $u1) (i32.const 16)) (i32.const 2)))
            (v128.load64_zero
              (i32.add (local.get $row) (i32.shl (i32.shr_u (local.get $u) (i32.const 16)) (i32.const 2))))))
        (local.set $fx0 (i32.and (i32.shr_u (local.get $u) (i32.const 9)) (i32.const 127)))
        (local.set $fx1 (i32.and (i32.shr_u (local.get $u1) (i32.const 9)) (i32.const 127)))
        (local.set $first
          (i16x8.mul (i16x8.extend_low_i8x16_u (local.get $pair))
            (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              (i16x8.splat (i32.sub (i32.const 128) (local.get $fx0)))
              (i16x8.splat (local.get $fx0)))))
        (local.set $second
          (i16x8.mul (i16x8.extend_high_i8x16_u (local.get $pair))
            (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              (i16x8.splat (i32.sub (i32.const 128) (local.get $fx1)))
              (i16x8.splat (local.get $fx1)))))
        ;; [a0 w + b0 w', a1 w + b1 w'] as one vector: left halves plus right halves.
        (local.set $mix
          (i16x8.shr_u
            (i16x8.add
              (i16x8.add
                (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
                  (local.get $first) (local.get $second))
                (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
                  (local.get $first) (local.get $second)))
              (i16x8.splat (i32.const 64)))
            (i32.const 7)))
        (v128.store64_lane 0 (local.get $dst) (i8x16.narrow_i16x8_u (local.get $mix) (local.get $mix)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 8)))
        (local.set $u (i32.add (local.get $u1) (local.get $du)))
        (br $pairs)))
    ;; An odd last pixel.
    (if (i32.and (local.get $count) (i32.const 1))
      (then
        (local.set $fx0 (i32.and (i32.shr_u (local.get $u) (i32.const 9)) (i32.const 127)))
        (local.set $first
          (i16x8.mul
            (i16x8.extend_low_i8x16_u
              (v128.load64_zero
                (i32.add (local.get $row)
                  (i32.shl (i32.shr_u (local.get $u) (i32.const 16)) (i32.const 2)))))
            (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
              (i16x8.splat (i32.sub (i32.const 128) (local.get $fx0)))
              (i16x8.splat (local.get $fx0)))))
        (local.set $mix
          (i16x8.shr_u
            (i16x8.add
              (i16x8.add (local.get $first)
                (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7
                  (local.get $first) (local.get $first)))
              (i16x8.splat (i32.const 64)))
            (i32.const 7)))
        (v128.store32_lane 0 (local.get $dst) (i8x16.narrow_i16x8_u (local.get $mix) (local.get $mix))))))

  ;; Paints one triangle of a moving face: every pixel of the box [$left, $right) × [$top,
  ;; $bottom) whose centre lies inside the convex outline of $count points (x, y as f64 pairs at
  ;; $points, output pixels: the triangle grown by the seam overlap) is sampled from the photo
  ;; through $ba…$bf (output → photo pixels: u = ba x + bc y + be, v = bb x + bd y + bf). Rows
  ;; are $rowBytes apart at $dst. The face warp calls it once per triangle (face-warp-spans.ts),
  ;; so the rows of thousands of small triangles are walked here rather than in JavaScript.
  (func (export "warpTriangle")
    (param $src i32) (param $srcWidth i32) (param $srcHeight i32)
    (param $dst i32) (param $rowBytes i32) (param $points i32) (param $count i32)
    (param $ba f64) (param $bb f64) (param $bc f64) (param $bd f64) (param $be f64) (param $bf f64)
    (param $left i32) (param $top i32) (param $right i32) (param $bottom i32)
    (local $row i32) (local $lastRow i32) (local $cy f64) (local $cx f64) (local $k i32)
    (local $p i32) (local $q i32) (local $x f64) (local $minY f64) (local $maxY f64)
    (local $l f64) (local $r f64) (local $from i32) (local $to i32) (local $du i32) (local $dv i32)
    (local.set $minY (f64.const inf))
    (local.set $maxY (f64.const -inf))
    (local.set $k (i32.const 0))
    (block $boundsDone
      (loop $bounds
        (br_if $boundsDone (i32.ge_u (local.get $k) (local.get $count)))
        (local.set $x
          (f64.load offset=8 (i32.add (local.get $points) (i32.shl (local.get $k) (i32.const 4)))))
        (local.set $minY (f64.min (local.get $minY) (local.get $x)))
        (local.set $maxY (f64.max (local.get $maxY) (local.get $x)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $bounds)))
    (local.set $row
      (i32.trunc_sat_f64_s (f64.ceil (f64.sub (local.get $minY) (f64.const 0.5)))))
    (local.set $row
      (select (local.get $top) (local.get $row) (i32.lt_s (local.get $row) (local.get $top))))
    (local.set $lastRow
      (i32.trunc_sat_f64_s (f64.ceil (f64.sub (local.get $maxY) (f64.const 0.5)))))
    (local.set $lastRow
      (select (local.get $bottom) (local.get $lastRow)
        (i32.gt_s (local.get $lastRow) (local.get $bottom))))
    (local.set $du (call $fixed (local.get $ba)))
    (local.set $dv (call $fixed (local.get $bb)))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_s (local.get $row) (local.get $lastRow)))
        (local.set $cy (f64.add (f64.convert_i32_s (local.get $row)) (f64.const 0.5)))
        ;; Where the row of pixel centres crosses the outline's edges: its leftmost and
        ;; rightmost crossings (an edge holds its lower end and not its upper one).
        (local.set $l (f64.const inf))
        (local.set $r (f64.const -inf))
        (local.set $k (i32.const 0))
        (block $edgesDone
          (loop $edges
            (br_if $edgesDone (i32.ge_u (local.get $k) (local.get $count)))
            (local.set $p (i32.add (local.get $points) (i32.shl (local.get $k) (i32.const 4))))
            (local.set $q
              (i32.add (local.get $points)
                (i32.shl
                  (select (i32.const 0) (i32.add (local.get $k) (i32.const 1))
                    (i32.eq (i32.add (local.get $k) (i32.const 1)) (local.get $count)))
                  (i32.const 4))))
            (if (i32.ne
                  (f64.le (f64.load offset=8 (local.get $p)) (local.get $cy))
                  (f64.le (f64.load offset=8 (local.get $q)) (local.get $cy)))
              (then
                (local.set $x
                  (f64.add (f64.load (local.get $p))
                    (f64.div
                      (f64.mul
                        (f64.sub (local.get $cy) (f64.load offset=8 (local.get $p)))
                        (f64.sub (f64.load (local.get $q)) (f64.load (local.get $p))))
                      (f64.sub (f64.load offset=8 (local.get $q)) (f64.load offset=8 (local.get $p))))))
                (local.set $l (f64.min (local.get $l) (local.get $x)))
                (local.set $r (f64.max (local.get $r) (local.get $x)))))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $edges)))
        (if (f64.ge (local.get $r) (local.get $l))
          (then
            (local.set $from
              (i32.trunc_sat_f64_s (f64.ceil (f64.sub (local.get $l) (f64.const 0.5)))))
            (local.set $from
              (select (local.get $left) (local.get $from)
                (i32.lt_s (local.get $from) (local.get $left))))
            (local.set $to
              (i32.trunc_sat_f64_s (f64.ceil (f64.sub (local.get $r) (f64.const 0.5)))))
            (local.set $to
              (select (local.get $right) (local.get $to) (i32.gt_s (local.get $to) (local.get $right))))
            (if (i32.gt_s (local.get $to) (local.get $from))
              (then
                (local.set $cx (f64.add (f64.convert_i32_s (local.get $from)) (f64.const 0.5)))
                ;; Texel centres are at half pixels: the sampler's 0 is the first texel's centre.
                (call $sampleSpan
                  (local.get $src) (local.get $srcWidth) (local.get $srcHeight)
                  (i32.add (local.get $dst)
                    (i32.add (i32.mul (local.get $row) (local.get $rowBytes))
                      (i32.shl (local.get $from) (i32.const 2))))
                  (i32.sub (local.get $to) (local.get $from))
                  (call $fixed
                    (f64.sub
                      (f64.add (f64.add (f64.mul (local.get $ba) (local.get $cx))
                        (f64.mul (local.get $bc) (local.get $cy))) (local.get $be))
                      (f64.const 0.5)))
                  (call $fixed
                    (f64.sub
                      (f64.add (f64.add (f64.mul (local.get $bb) (local.get $cx))
                        (f64.mul (local.get $bd) (local.get $cy))) (local.get $bf))
                      (f64.const 0.5)))
                  (local.get $du) (local.get $dv) (i32.const 256))))))
        (local.set $row (i32.add (local.get $row) (i32.const 1)))
        (br $rows))))

  ;; A coordinate in 16.16 fixed point, rounded to the nearest step.
  (func $fixed (param $value f64) (result i32)
    (i32.trunc_sat_f64_s (f64.nearest (f64.mul (local.get $value) (f64.const 65536)))))

  ;; Mixes $count RGBA pixels at $src into those at $dst by $amount (0–256): dst = (src × amount
  ;; + dst × (256 − amount)) / 256, rounded. The end card's backdrop fades in over the frame so.
  (func (export "mixSpan") (param $src i32) (param $dst i32) (param $count i32) (param $amount i32)
    (local $end i32) (local $take v128) (local $keep v128) (local $half v128)
    (local $s v128) (local $d v128)
    (local.set $take (i16x8.splat (local.get $amount)))
    (local.set $keep (i16x8.splat (i32.sub (i32.const 256) (local.get $amount))))
    (local.set $half (i16x8.splat (i32.const 128)))
    ;; Four pixels at a time, then the last one to three one at a time.
    (local.set $end
      (i32.add (local.get $src) (i32.shl (i32.and (local.get $count) (i32.const -4)) (i32.const 2))))
    (block $quadsDone
      (loop $quads
        (br_if $quadsDone (i32.ge_u (local.get $src) (local.get $end)))
        (local.set $s (v128.load (local.get $src)))
        (local.set $d (v128.load (local.get $dst)))
        (v128.store (local.get $dst)
          (i8x16.narrow_i16x8_u
            (call $mix2 (i16x8.extend_low_i8x16_u (local.get $s))
              (i16x8.extend_low_i8x16_u (local.get $d)) (local.get $take) (local.get $keep)
              (local.get $half))
            (call $mix2 (i16x8.extend_high_i8x16_u (local.get $s))
              (i16x8.extend_high_i8x16_u (local.get $d)) (local.get $take) (local.get $keep)
              (local.get $half))))
        (local.set $src (i32.add (local.get $src) (i32.const 16)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
        (br $quads)))
    (local.set $end
      (i32.add (local.get $end) (i32.shl (i32.and (local.get $count) (i32.const 3)) (i32.const 2))))
    (block $pixelsDone
      (loop $pixels
        (br_if $pixelsDone (i32.ge_u (local.get $src) (local.get $end)))
        (local.set $s (call $mix2
          (i16x8.extend_low_i8x16_u (v128.load32_zero (local.get $src)))
          (i16x8.extend_low_i8x16_u (v128.load32_zero (local.get $dst)))
          (local.get $take) (local.get $keep) (local.get $half)))
        (v128.store32_lane 0 (local.get $dst) (i8x16.narrow_i16x8_u (local.get $s) (local.get $s)))
        (local.set $src (i32.add (local.get $src) (i32.const 4)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 4)))
        (br $pixels))))

;; Copies $rows rows of $bytes bytes from $src to $dst, both with rows $rowBytes apart: a
  ;; rectangle of one frame buffer into another (the backdrop where no photo covers it, a kept
  ;; frame's face and text boxes put back), a bulk copy per row rather than a call per row from
  ;; JavaScript.
  (func (export "copyRows")
    (param $src i32) (param $dst i32) (param $rowBytes i32) (param $rows i32) (param $bytes i32)
    (block $done
      (loop $row
        (br_if $done (i32.le_s (local.get $rows) (i32.const 0)))
        (memory.copy (local.get $dst) (local.get $src) (local.get $bytes))
        (local.set $src (i32.add (local.get $src) (local.get $rowBytes)))
        (local.set $dst (i32.add (local.get $dst) (local.get $rowBytes)))
        (local.set $rows (i32.sub (local.get $rows) (i32.const 1)))
        (br $row))))

  (func $mix2 (param $s v128) (param $d v128) (param $take v128) (param $keep v128)
    (param $half v128) (result v128)
    (i16x8.shr_u
      (i16x8.add
        (i16x8.add (i16x8.mul (local.get $s) (local.get $take))
          (i16x8.mul (local.get $d) (local.get $keep)))
        (local.get $half))
      (i32.const 8)))

  ;; Lays a held face's patch over $count pixels at $dst: each pixel takes the patch pixel its
  ;; centre falls in (no smoothing), pixel k at ($u + k $du, $v + k $dv), 16.16 fixed point in
  ;; patch pixels. The patch ($srcWidth × $srcHeight at $src) is opaque where the face moved
  ;; and transparent elsewhere: transparent pixels and pixels whose centre falls outside it are
  ;; left alone, opaque ones replace the pixel, mixed by $coverage (0–256) at a clip's edge.
  (func (export "patchSpan")
    (param $src i32) (param $srcWidth i32) (param $srcHeight i32)
    (param $dst i32) (param $count i32)
    (param $u i32) (param $v i32) (param $du i32) (param $dv i32) (param $coverage i32)
    (local $end i32) (local $x i32) (local $y i32) (local $texel i32) (local $mix v128)
    (local $last i32)
    ;; A fully covered span whose first and last pixels fall inside the patch (so all between
    ;; do) goes four pixels at a time.
    (local.set $last (i32.sub (local.get $count) (i32.const 1)))
    (if (i32.and (i32.eq (local.get $coverage) (i32.const 256))
          (i32.and
            (call $inPatch (local.get $u) (local.get $v) (local.get $srcWidth) (local.get $srcHeight))
            (call $inPatch
              (i32.add (local.get $u) (i32.mul (local.get $last) (local.get $du)))
              (i32.add (local.get $v) (i32.mul (local.get $last) (local.get $dv)))
              (local.get $srcWidth) (local.get $srcHeight))))
      (then
        ;; Along one patch row (a patch not turned on the frame, the usual case): its address
        ;; once, each pixel's texel a shift and an add from it.
        (if (i32.eqz (local.get $dv))
          (then
            (call $patchRowQuads
              (i32.add (local.get $src)
                (i32.shl
                  (i32.mul (i32.shr_s (local.get $v) (i32.const 16)) (local.get $srcWidth))
                  (i32.const 2)))
              (local.get $dst) (local.get $count) (local.get $u) (local.get $du))
            (return)))
        (call $patchQuads (local.get $src) (local.get $srcWidth) (local.get $dst)
          (local.get $count) (local.get $u) (local.get $v) (local.get $du) (local.get $dv))
        (return)))
    (local.set $end (i32.add (local.get $dst) (i32.shl (local.get $count) (i32.const 2))))
    (block $done
      (loop $pixels
        (br_if $done (i32.ge_u (local.get $dst) (local.get $end)))
        (local.set $x (i32.shr_s (local.get $u) (i32.const 16)))
        (local.set $y (i32.shr_s (local.get $v) (i32.const 16)))
        (if (i32.and
              (i32.lt_u (local.get $x) (local.get $srcWidth))
              (i32.lt_u (local.get $y) (local.get $srcHeight)))
          (then
            (local.set $texel
              (i32.add (local.get $src)
                (i32.shl
                  (i32.add (i32.mul (local.get $y) (local.get $srcWidth)) (local.get $x))
                  (i32.const 2))))
            (if (i32.load8_u offset=3 (local.get $texel))
              (then
                (if (i32.ge_u (local.get $coverage) (i32.const 256))
                  (then (i32.store (local.get $dst) (i32.load (local.get $texel))))
                  (else
                    (local.set $mix
                      (call $mix2
                        (i16x8.extend_low_i8x16_u (v128.load32_zero (local.get $texel)))
                        (i16x8.extend_low_i8x16_u (v128.load32_zero (local.get $dst)))
                        (i16x8.splat (local.get $coverage))
                        (i16x8.splat (i32.sub (i32.const 256) (local.get $coverage)))
                        (i16x8.splat (i32.const 128))))
                    (v128.store32_lane 0 (local.get $dst)
                      (i8x16.narrow_i16x8_u (local.get $mix) (local.get $mix)))))))))
        (local.set $dst (i32.add (local.get $dst) (i32.const 4)))
        (local.set $u (i32.add (local.get $u) (local.get $du)))
        (local.set $v (i32.add (local.get $v) (local.get $dv)))
        (br $pixels))))

  ;; Whether the 16.16 point ($u, $v) falls in a $width × $height patch.
  (func $inPatch (param $u i32) (param $v i32) (param $width i32) (param $height i32)
    (result i32)
    (i32.and
      (i32.lt_u (i32.shr_s (local.get $u) (i32.const 16)) (local.get $width))
      (i32.lt_u (i32.shr_s (local.get $v) (i32.const 16)) (local.get $height))))

  ;; The address of the patch pixel (u, v) falls in.
  (func $patchTexel (param $src i32) (param $width i32) (param $u i32) (param $v i32)
    (result i32)
    (i32.add (local.get $src)
      (i32.shl
        (i32.add
          (i32.mul (i32.shr_s (local.get $v) (i32.const 16)) (local.get $width))
          (i32.shr_s (local.get $u) (i32.const 16)))
        (i32.const 2))))

  ;; patchSpan for a fully covered span inside the patch: four pixels gathered at a time, the
  ;; opaque ones replacing the frame's, the transparent ones leaving it.
  (func $patchQuads (param $src i32) (param $width i32) (param $dst i32) (param $count i32)
    (param $u i32) (param $v i32) (param $du i32) (param $dv i32)
    (local $end i32) (local $texels v128) (local $opaque v128)
    (local.set $end
      (i32.add (local.get $dst) (i32.shl (i32.and (local.get $count) (i32.const -4)) (i32.const 2))))
    (block $quadsDone
      (loop $quads
        (br_if $quadsDone (i32.ge_u (local.get $dst) (local.get $end)))
        (local.set $texels
          (i32x4.replace_lane 3
            (i32x4.replace_lane 2
              (i32x4.replace_lane 1
                (v128.load32_zero
                  (call $patchTexel (local.get $src) (local.get $width) (local.get $u) (local.get $v)))
                (i32.load
                  (call $patchTexel (local.get $src) (local.get $width)
                    (i32.add (local.get $u) (local.get $du))
                    (i32.add (local.get $v) (local.get $dv)))))
              (i32.load
                (call $patchTexel (local.get $src) (local.get $width)
                  (i32.add (local.get $u) (i32.shl (local.get $du) (i32.const 1)))
                  (i32.add (local.get $v) (i32.shl (local.get $dv) (i32.const 1))))))
            (i32.load
              (call $patchTexel (local.get $src) (local.get $width)
                (i32.add (local.get $u) (i32.mul (local.get $du) (i32.const 3)))
                (i32.add (local.get $v) (i32.mul (local.get $dv) (i32.const 3)))))))
        (local.set $opaque
          (i32x4.ne
            (v128.and (local.get $texels) (v128.const i32x4 0xff000000 0xff000000 0xff000000 0xff000000))
            (v128.const i64x2 0 0)))
        (if (v128.any_true (local.get $opaque))
          (then
            (v128.store (local.get $dst)
              (v128.bitselect (local.get $texels) (v128.load (local.get $dst)) (local.get $opaque)))))
        (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
        (local.set $u (i32.add (local.get $u) (i32.shl (local.get $du) (i32.const 2))))
        (local.set $v (i32.add (local.get $v) (i32.shl (local.get $dv) (i32.const 2))))
        (br $quads)))
    ;; The last one to three pixels.
    (local.set $end
      (i32.add (local.get $end) (i32.shl (i32.and (local.get $count) (i32.const 3)) (i32.const 2))))
    (block $pixelsDone
      (loop $pixels
        (br_if $pixelsDone (i32.ge_u (local.get $dst) (local.get $end)))
        (local.set $opaque
          (v128.load32_zero
            (call $patchTexel (local.get $src) (local.get $width) (local.get $u) (local.get $v))))
        (if (i32.ge_u (i32x4.extract_lane 0 (local.get $opaque)) (i32.const 0x01000000))
          (then (v128.store32_lane 0 (local.get $dst) (local.get $opaque))))
        (local.set $dst (i32.add (local.get $dst) (i32.const 4)))
        (local.set $u (i32.add (local.get $u) (local.get $du)))
        (local.set $v (i32.add (local.get $v) (local.get $dv)))
        (br $pixels))))

  ;; patchQuads along one patch row starting at $row: pixel k takes the texel at column
  ;; ($u + k $du) >> 16 of it, the opaque ones replacing the frame's.
  (func $patchRowQuads (param $row i32) (param $dst i32) (param $count i32) (param $u i32)
    (param $du i32)
    (local $end i32) (local $texels v128) (local $opaque v128) (local $texel i32)
    (local.set $end
      (i32.add (local.get $dst) (i32.shl (i32.and (local.get $count) (i32.const -4)) (i32.const 2))))
    (block $quadsDone
      (loop $quads
        (br_if $quadsDone (i32.ge_u (local.get $dst) (local.get $end)))
        (local.set $texels
          (i32x4.replace_lane 3
            (i32x4.replace_lane 2
              (i32x4.replace_lane 1
                (v128.load32_zero (call $rowTexel (local.get $row) (local.get $u)))
                (i32.load (call $rowTexel (local.get $row)
                  (i32.add (local.get $u) (local.get $du)))))
              (i32.load (call $rowTexel (local.get $row)
                (i32.add (local.get $u) (i32.shl (local.get $du) (i32.const 1))))))
            (i32.load (call $rowTexel (local.get $row)
              (i32.add (local.get $u) (i32.mul (local.get $du) (i32.const 3)))))))
        (local.set $opaque
          (i32x4.ne
            (v128.and (local.get $texels) (v128.const i32x4 0xff000000 0xff000000 0xff000000 0xff000000))
            (v128.const i64x2 0 0)))
        (if (v128.any_true (local.get $opaque))
          (then
            (v128.store (local.get $dst)
              (v128.bitselect (local.get $texels) (v128.load (local.get $dst)) (local.get $opaque)))))
        (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
        (local.set $u (i32.add (local.get $u) (i32.shl (local.get $du) (i32.const 2))))
        (br $quads)))
    ;; The last one to three pixels.
    (local.set $end
      (i32.add (local.get $end) (i32.shl (i32.and (local.get $count) (i32.const 3)) (i32.const 2))))
    (block $pixelsDone
      (loop $pixels
        (br_if $pixelsDone (i32.ge_u (local.get $dst) (local.get $end)))
        (local.set $texel (i32.load (call $rowTexel (local.get $row) (local.get $u))))
        (if (i32.ge_u (local.get $texel) (i32.const 0x01000000))
          (then (i32.store (local.get $dst) (local.get $texel))))
        (local.set $dst (i32.add (local.get $dst) (i32.const 4)))
        (local.set $u (i32.add (local.get $u) (local.get $du)))
        (br $pixels))))

  ;; The address of the texel of the patch row at $row that the 16.16 column $u falls in.
  (func $rowTexel (param $row i32) (param $u i32) (result i32)
    (i32.add (local.get $row) (i32.shl (i32.shr_s (local.get $u) (i32.const 16)) (i32.const 2))))

  ;; Lays $count premultiplied RGBA pixels at $src over the opaque pixels at $dst (source
  ;; over): out = src + dst × (255 − a) / 255, rounded; the result stays opaque. Four pixels at
  ;; a time, skipped when all four are transparent and copied when all are opaque (most of a
  ;; frame's layer is one or the other).
  (func (export "overSpan") (param $src i32) (param $dst i32) (param $count i32)
    (local $end i32) (local $quadEnd i32) (local $s v128) (local $alphas v128)
    (local $alphaMask v128) (local $opaque v128) (local $low v128) (local $high v128)
    (local.set $alphaMask (v128.const i32x4 0xff000000 0xff000000 0xff000000 0xff000000))
    (local.set $end (i32.add (local.get $src) (i32.shl (local.get $count) (i32.const 2))))
    (local.set $quadEnd
      (i32.add (local.get $src) (i32.shl (i32.and (local.get $count) (i32.const -4)) (i32.const 2))))
    (block $quadsDone
      (loop $quads
        (br_if $quadsDone (i32.ge_u (local.get $src) (local.get $quadEnd)))
        (local.set $s (v128.load (local.get $src)))
        (local.set $alphas (v128.and (local.get $s) (local.get $alphaMask)))
        (if (v128.any_true (local.get $alphas))
          (then
            (if (i32x4.all_true (i32x4.eq (local.get $alphas) (local.get $alphaMask)))
              (then (v128.store (local.get $dst) (local.get $s)))
              (else
                (local.set $low
                  (call $over2
                    (i16x8.extend_low_i8x16_u (local.get $s))
                    (i16x8.extend_low_i8x16_u (v128.load (local.get $dst)))))
                (local.set $high
                  (call $over2
                    (i16x8.extend_high_i8x16_u (local.get $s))
                    (i16x8.extend_high_i8x16_u (v128.load (local.get $dst)))))
                (v128.store (local.get $dst)
                  (v128.or (i8x16.narrow_i16x8_u (local.get $low) (local.get $high))
                    (local.get $alphaMask)))))))
        (local.set $src (i32.add (local.get $src) (i32.const 16)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
        (br $quads)))
    ;; The last one to three pixels, one at a time.
    (block $pixelsDone
      (loop $pixels
        (br_if $pixelsDone (i32.ge_u (local.get $src) (local.get $end)))
        (local.set $low
          (call $over2
            (i16x8.extend_low_i8x16_u (v128.load32_zero (local.get $src)))
            (i16x8.extend_low_i8x16_u (v128.load32_zero (local.get $dst)))))
        (v128.store32_lane 0 (local.get $dst)
          (v128.or (i8x16.narrow_i16x8_u (local.get $low) (local.get $low))
            (local.get $alphaMask)))
        (local.set $src (i32.add (local.get $src) (i32.const 4)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 4)))
        (br $pixels))))

  ;; Two premultiplied pixels over two others, as 16-bit lanes [r g b a r g b a]: each channel
  ;; s + d × (255 − a) / 255, the division rounded exactly as (x + 128 + ((x + 128) >> 8)) >> 8
  ;; is for every x up to 255 × 255.
  (func $over2 (param $s v128) (param $d v128) (result v128)
    (local $x v128)
    (local.set $x
      (i16x8.add
        (i16x8.mul (local.get $d)
          (i16x8.sub (i16x8.splat (i32.const 255))
            ;; Each pixel's alpha in all four of its lanes.
            (i8x16.shuffle 6 7 6 7 6 7 6 7 14 15 14 15 14 15 14 15 (local.get $s) (local.get $s))))
        (i16x8.splat (i32.const 128))))
    (i16x8.add_sat_u (local.get $s)
      (i16x8.shr_u
        (i16x8.add (local.get $x) (i16x8.shr_u (local.get $x) (i32.const 8)))
        (i32.const 8)))))
