import { AccountSection } from './account-section.tsx';

/** Issue #17 §4: change password, current password required. */
export function PasswordSection() {
  return (
    <AccountSection
      id="password"
      title="Password"
      description="Change the password you sign in with."
    >
      <p className="text-sm text-slate-600">Coming next.</p>
    </AccountSection>
  );
}
