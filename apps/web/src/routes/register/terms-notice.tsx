import { Link } from 'react-router';

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';

export function TermsNotice() {
  return (
    <p className="text-center text-xs leading-relaxed text-slate-500">
      By creating an account, you agree to our{' '}
      <Link to="/terms-of-service" className={linkClass}>
        Terms of Service
      </Link>{' '}
      and{' '}
      <Link to="/privacy-policy" className={linkClass}>
        Privacy Policy
      </Link>
      .
    </p>
  );
}
