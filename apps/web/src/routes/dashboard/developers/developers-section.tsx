import { Link } from 'react-router';
import { ApiKeysCard } from './api-keys-card.tsx';
import { WebhooksCard } from './webhooks-card.tsx';

/** DESIGN.md D11: what a clinic's developer needs to automate video creation. */
export function DevelopersSection() {
  return (
    <section id="developers" aria-labelledby="developers-heading" className="mt-12 scroll-mt-24">
      <h2 id="developers-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        Developers
      </h2>
      <p className="mt-2 text-slate-600">
        Create videos from your own systems with the{' '}
        <Link to="/api" className="font-medium text-brand-700 underline underline-offset-2">
          Glowreel API
        </Link>
        . API videos spend the same credits as this dashboard.
      </p>
      {/* grid-cols-1 (minmax(0, 1fr)), not the implicit auto column: the keys table then
          scrolls inside its card on a phone instead of widening the page (461 px at 390). */}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ApiKeysCard />
        <WebhooksCard />
      </div>
    </section>
  );
}
