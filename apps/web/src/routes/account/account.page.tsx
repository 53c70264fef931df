import { DataExportSection } from './data-export-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { EmailSection } from './email-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { SignInMethodsSection } from './sign-in-methods-section.tsx';

/**
 * Issue #17 §4 account settings. Each section is its own file and its own card, loading and
 * failing on its own, so one slow or broken part never hides the rest.
 * Order: who you are (profile, e-mail), how you sign in (password, sign-in methods),
 * where you are signed in (sessions), then your data (download it, delete the account).
 */
export function AccountPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-12">
      <title>Account settings · Glowreel</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Account settings</h1>
      <p className="mt-2 text-slate-600">Your profile, sign-in details, devices and data.</p>
      <div className="mt-8 space-y-6">
        <ProfileSection />
        <EmailSection />
        <PasswordSection />
        <SignInMethodsSection />
        <SessionsSection />
        <DataExportSection />
        <DeleteAccountSection />
      </div>
    </div>
  );
}
