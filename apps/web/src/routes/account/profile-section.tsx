import { AccountSection } from './account-section.tsx';

/** Issue #17 §4: display name and profile photo. */
export function ProfileSection() {
  return (
    <AccountSection
      id="profile"
      title="Profile"
      description="Your name and photo, shown in the header."
    >
      <p className="text-sm text-slate-600">Coming next.</p>
    </AccountSection>
  );
}
