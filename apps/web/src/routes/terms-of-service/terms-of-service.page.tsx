import { Link } from 'react-router';
import { PagePlaceholder } from '../../components/page-placeholder.tsx';
import { LEGAL_LAST_UPDATED } from '../legal-updated.ts';

export function TermsOfServicePage() {
  return (
    <PagePlaceholder title="Terms of Service" intro={LEGAL_LAST_UPDATED}>
      <p className="mt-6 text-slate-600">
        How we handle your data is described in our{' '}
        <Link to="/privacy-policy" className="font-semibold text-brand-700 hover:underline">
          Privacy Policy
        </Link>
        .
      </p>
    </PagePlaceholder>
  );
}
