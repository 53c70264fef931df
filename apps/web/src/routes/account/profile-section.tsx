import { useSignedInProfile } from '../../lib/use-signed-in-profile.ts';
import { AccountSection } from './account-section.tsx';
import { DisplayNameForm } from './display-name-form.tsx';
import { ProfilePhotoField } from './profile-photo-field.tsx';

/** Issue #17 §4: display name and profile photo. */
export function ProfileSection() {
  const profile = useSignedInProfile();
  return (
    <AccountSection
      id="profile"
      title="Profile"
      description="Your name and photo, shown in the header's menu."
    >
      <div className="space-y-6">
        <ProfilePhotoField profile={profile} />
        <DisplayNameForm profile={profile} />
      </div>
    </AccountSection>
  );
}
