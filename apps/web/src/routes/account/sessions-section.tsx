import { AccountSection } from './account-section.tsx';

/** Issue #17 §4: signed-in sessions, with sign-out per session and everywhere else. */
export function SessionsSection() {
  return (
    <AccountSection
      id="sessions"
      title="Where you're signed in"
      description="Devices signed in to your account."
    >
      <p className="text-sm text-slate-600">Coming next.</p>
    </AccountSection>
  );
}
