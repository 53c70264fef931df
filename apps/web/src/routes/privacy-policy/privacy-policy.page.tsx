import { PagePlaceholder } from '../../components/page-placeholder.tsx';
import { LEGAL_LAST_UPDATED } from '../legal-updated.ts';

export function PrivacyPolicyPage() {
  return <PagePlaceholder title="Privacy Policy" intro={LEGAL_LAST_UPDATED} />;
}
