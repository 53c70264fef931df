import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { describeError } from '../../../lib/api-client.ts';
import { BRAND_QUERY_KEY, fetchBrand } from '../../../lib/brand-api.ts';
import { BrandForm } from './brand-form.tsx';
import { BrandLogoCard } from './brand-logo-card.tsx';

/** Issue #16 §5: the clinic's brand, saved once and put on every video. */
export function BrandSection() {
  const brand = useQuery({ queryKey: BRAND_QUERY_KEY, queryFn: fetchBrand });
  return (
    <section id="brand" aria-labelledby="brand-heading" className="mt-12 scroll-mt-24">
      <h2 id="brand-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        Brand
      </h2>
      <p className="mt-2 text-slate-600">
        Saved once, used on every video: it fills in{' '}
        <Link to="/generate" className="font-medium text-brand-700 underline underline-offset-2">
          Create Video
        </Link>{' '}
        and applies to API videos that do not send their own.
      </p>
      {brand.isPending && <p className="mt-6 text-sm text-slate-600">Loading your brand kit…</p>}
      {brand.isError && (
        <p role="alert" className="mt-6 text-sm text-accent-600">
          {describeError(
            brand.error,
            'Your brand kit could not be loaded. Please reload the page.',
          )}
        </p>
      )}
      {brand.data && (
        // grid-cols-1 (minmax(0, 1fr)) keeps both cards inside a 390 px screen.
        <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <BrandForm saved={brand.data} />
          </div>
          <BrandLogoCard saved={brand.data} />
        </div>
      )}
    </section>
  );
}
