import { SAMPLE_VIDEOS, type SampleVideo } from '@glowreel/contracts';
import { ArrowRight } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion.ts';

/** SPEC §9: the track moves 1.5 px per frame (of a 60 Hz display) over three copies. */
export const CAROUSEL_PX_PER_FRAME = 1.5;
const COPIES = 3;
const FRAME_MS = 1000 / 60;

/**
 * True once the element comes within `rootMargin` of the screen. The posters (8 × ~18 KB), the
 * clips and the movement wait for it, so a phone opening the page spends its bandwidth and main
 * thread on what it shows. False on the server and in the first render, so the pre-rendered
 * markup hydrates as is.
 */
function useIsNearScreen(ref: RefObject<HTMLElement | null>, rootMargin: string): boolean {
  const [isNear, setIsNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (element === null || isNear) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, isNear]);
  return isNear;
}

export function SampleCarousel() {
  const prefersReducedMotion = usePrefersReducedMotion();
  const sectionRef = useRef<HTMLElement>(null);
  const isNearScreen = useIsNearScreen(sectionRef, '50% 0px');

  return (
    <section ref={sectionRef} aria-labelledby="samples-heading" className="py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 text-center sm:px-6">
        <h2
          id="samples-heading"
          className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
        >
          Sample transformation videos
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-600">
          Rendered by our own engine from illustrated faces: no real patients. Yours will show your
          clinic&apos;s real results.
        </p>
      </div>
      {prefersReducedMotion ? (
        <StillRow hasPosters={isNearScreen} />
      ) : (
        <MovingTrack isNearScreen={isNearScreen} />
      )}
      <div className="mt-10 text-center">
        <Link
          to="/register"
          className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm transition hover:bg-brand-800"
        >
          Upload Your Before &amp; After Photos
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </section>
  );
}

/** Auto-scrolling track; hovering or focusing it pauses the movement. */
function MovingTrack({ isNearScreen }: { isNearScreen: boolean }) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLUListElement>(null);
  const isPausedRef = useRef(false);
  // Starts a little before the track scrolls in, so it is already moving when it appears.
  const isOnScreen = useIsNearScreen(viewportRef, '0px 0px 100px 0px');

  useEffect(() => {
    const track = trackRef.current;
    if (track === null || !isOnScreen) return;
    let offset = 0;
    let last = performance.now();
    // One copy's width, measured when the track's size changes rather than on every frame:
    // reading scrollWidth right after moving the track forces a layout per frame.
    let copyWidth = 0;
    const resizeObserver = new ResizeObserver(() => {
      copyWidth = track.scrollWidth / COPIES;
    });
    resizeObserver.observe(track);
    let frame = requestAnimationFrame(function step(now) {
      const elapsed = Math.min(now - last, 100);
      last = now;
      if (!isPausedRef.current) {
        offset += CAROUSEL_PX_PER_FRAME * (elapsed / FRAME_MS);
        // Wrapping by one copy's width keeps the seam invisible.
        if (copyWidth > 0 && offset >= copyWidth) offset -= copyWidth;
        track.style.transform = `translate3d(${-offset}px, 0, 0)`;
      }
      frame = requestAnimationFrame(step);
    });
    return () => {
      cancelAnimationFrame(frame);
      resizeObserver.disconnect();
    };
  }, [isOnScreen]);

  useEffect(() => {
    const track = trackRef.current;
    const viewport = viewportRef.current;
    if (track === null || viewport === null || !isOnScreen) return;
    // Only the clips on screen play; the rest keep their poster and load nothing.
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const video = entry.target as HTMLVideoElement;
          if (entry.isIntersecting) video.play().catch(() => undefined);
          else video.pause();
        }
      },
      { root: viewport, rootMargin: '0px 200px' },
    );
    track.querySelectorAll('video').forEach((video) => observer.observe(video));
    return () => observer.disconnect();
  }, [isOnScreen]);

  const setPaused = (isPaused: boolean) => {
    isPausedRef.current = isPaused;
    trackRef.current?.setAttribute('data-paused', String(isPaused));
  };

  return (
    <div
      ref={viewportRef}
      data-testid="sample-carousel"
      className="mt-10 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_5%,black_95%,transparent)]"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul
        ref={trackRef}
        data-paused="false"
        className="flex w-max gap-4 will-change-transform sm:gap-6"
      >
        {Array.from({ length: COPIES }, (_, copy) =>
          SAMPLE_VIDEOS.map((sample) => (
            <SampleCard
              key={`${copy}-${sample.slug}`}
              sample={sample}
              isCopy={copy > 0}
              hasPoster={isNearScreen}
            />
          )),
        )}
      </ul>
    </div>
  );
}

/** Reduced motion: one still, swipeable row; clips play only when asked to. */
function StillRow({ hasPosters }: { hasPosters: boolean }) {
  return (
    <div
      data-testid="sample-carousel"
      className="mx-auto mt-10 max-w-6xl overflow-x-auto px-4 pb-4 sm:px-6"
    >
      <ul className="flex w-max gap-4 sm:gap-6">
        {SAMPLE_VIDEOS.map((sample) => (
          <SampleCard
            key={sample.slug}
            sample={sample}
            isCopy={false}
            hasPoster={hasPosters}
            hasControls
          />
        ))}
      </ul>
    </div>
  );
}

function SampleCard({
  sample,
  isCopy,
  hasPoster,
  hasControls = false,
}: {
  sample: SampleVideo;
  /** The second and third copies exist for the loop only: hidden from assistive tech. */
  isCopy: boolean;
  hasPoster: boolean;
  hasControls?: boolean;
}) {
  return (
    <li
      aria-hidden={isCopy || undefined}
      className="w-64 shrink-0 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:w-80"
    >
      <video
        src={`/samples/${sample.slug}.mp4`}
        poster={hasPoster ? `/samples/${sample.slug}.jpg` : undefined}
        muted
        loop
        playsInline
        preload="none"
        controls={hasControls}
        tabIndex={isCopy ? -1 : undefined}
        aria-label={`${sample.title} sample video`}
        width={640}
        height={360}
        className="aspect-video w-full bg-slate-900 object-cover"
      />
      <p className="px-4 py-3 text-sm font-semibold text-slate-900">{sample.title}</p>
    </li>
  );
}
