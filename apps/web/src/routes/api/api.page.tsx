import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export function ApiPage() {
  return (
    <PagePlaceholder
      title="API Documentation"
      intro="Create videos from your own systems with the Glowreel public API."
    />
  );
}
