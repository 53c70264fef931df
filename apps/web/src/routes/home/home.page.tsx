import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { ClosingCta } from './closing-cta.tsx';
import { FeaturesSection } from './features-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { HowItWorksSection } from './how-it-works-section.tsx';
import { LiveStats } from './live-stats.tsx';
import { PricingSection } from './pricing-section.tsx';
import { SampleCarousel } from './sample-carousel.tsx';
import { TestimonialsSection } from './testimonials-section.tsx';

/** Client-side navigation to /#section does not scroll by itself: do it here. */
function useScrollToHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash === '') return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, key]);
}

export function HomePage() {
  useScrollToHash();
  return (
    <>
      <title>Glowreel · Before & after transformation videos for clinics</title>
      <HeroSection />
      {/* Each boundary of the pre-rendered page hydrates in its own slice of work, so the
          phone's main thread is not held for the whole page at once. */}
      <Suspense>
        <SampleCarousel />
        <LiveStats />
      </Suspense>
      <Suspense>
        <FeaturesSection />
        <HowItWorksSection />
      </Suspense>
      <Suspense>
        <TestimonialsSection />
        <PricingSection />
      </Suspense>
      <Suspense>
        <ClosingCta />
      </Suspense>
    </>
  );
}
