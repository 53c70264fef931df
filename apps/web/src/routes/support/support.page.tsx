import { Link } from 'react-router';
import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export function SupportPage() {
  return (
    <PagePlaceholder title="Support" intro="How can we help? Answers, guides and ways to reach us.">
      <p className="mt-6 text-slate-600">
        Start with the{' '}
        <Link to="/documentation" className="font-semibold text-brand-700 hover:underline">
          documentation
        </Link>
        .
      </p>
    </PagePlaceholder>
  );
}
