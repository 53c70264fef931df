import { ACCOUNT_EMAIL_COPY } from '@glowreel/contracts';
import { Link } from 'react-router';
import { primaryButtonClass } from '../../components/form-styles.ts';

/** Shown for an expired, already used or made-up link: the way on is a new link. */
export function InvalidResetLink() {
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-lg bg-accent-50 px-4 py-3 text-sm text-accent-700">
        {ACCOUNT_EMAIL_COPY.invalidResetLink} Links work once, for 1 hour after they are sent.
      </p>
      <Link to="/forgot-password" className={primaryButtonClass}>
        Send a new link
      </Link>
    </div>
  );
}
