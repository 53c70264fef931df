import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export function DocumentationPage() {
  return (
    <PagePlaceholder
      title="Documentation"
      intro="Getting started, image requirements, customization, best practices and troubleshooting."
    />
  );
}
