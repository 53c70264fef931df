import { SITE_COPY } from '@glowreel/contracts';
import {
  AlertTriangle,
  BookOpen,
  Clock,
  Mail,
  MessageCircle,
  Phone,
  Search,
  Users,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { SITE_CONFIG } from '../../components/site-config.ts';
import { FAQ_CATEGORIES, FAQ_ENTRIES, filterFaq, type FaqCategory } from './faq-entries.ts';
import { FaqList } from './faq-list.tsx';

const FILTERS = ['All', ...FAQ_CATEGORIES] as const;
const cardClass = 'flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';
const cardButtonClass =
  'mt-auto inline-flex items-center justify-center rounded-lg bg-brand-50 px-4 py-2.5 font-semibold text-brand-800 transition hover:bg-brand-100';

export function SupportPage() {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<FaqCategory | 'All'>('All');
  const [isChatNoteShown, setIsChatNoteShown] = useState(false);
  const searchId = useId();
  const results = filterFaq(FAQ_ENTRIES, query, category);

  return (
    <div>
      <title>Support · Glowreel</title>
      <div className="border-b border-slate-100 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:px-6 sm:py-16">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            How can we help?
          </h1>
          <p className="mt-4 text-lg text-slate-600">
            Search the answers to common questions, read the guides, or reach our team.
          </p>
          <div className="relative mx-auto mt-8 max-w-xl">
            <label htmlFor={searchId} className="sr-only">
              Search help articles
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-400"
            />
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Search for answers…"
              className="block w-full rounded-xl border border-slate-300 bg-white py-3.5 pr-4 pl-12 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
            />
          </div>
        </div>
      </div>

      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        <section aria-label="Ways to get help" className="grid gap-6 md:grid-cols-3">
          <div className={cardClass}>
            <BookOpen aria-hidden="true" className="size-8 text-brand-700" />
            <h2 className="mt-4 text-lg font-semibold text-slate-900">Documentation</h2>
            <p className="mt-2 mb-6 text-slate-600">
              Guides to photos, options and troubleshooting.
            </p>
            <Link to="/documentation" className={cardButtonClass}>
              Read the Docs
            </Link>
          </div>
          <div className={cardClass}>
            <MessageCircle aria-hidden="true" className="size-8 text-brand-700" />
            <h2 className="mt-4 text-lg font-semibold text-slate-900">Live Chat</h2>
            <p className="mt-2 mb-6 text-slate-600">
              Chat with us is coming soon; until then we answer by email.
            </p>
            <button
              type="button"
              onClick={() => setIsChatNoteShown(true)}
              className={cardButtonClass}
            >
              Start Chat
            </button>
            <p role="status" className="mt-3 text-sm text-slate-600">
              {isChatNoteShown && (
                <>
                  Live chat is not available yet. Please email{' '}
                  <a
                    href={`mailto:${SITE_CONFIG.supportEmail}`}
                    className="font-medium text-brand-700 underline"
                  >
                    {SITE_CONFIG.supportEmail}
                  </a>{' '}
                  and we will reply during business hours.
                </>
              )}
            </p>
          </div>
          <div className={cardClass}>
            <Users aria-hidden="true" className="size-8 text-brand-700" />
            <h2 className="mt-4 text-lg font-semibold text-slate-900">Community</h2>
            <p className="mt-2 mb-6 text-slate-600">Tips and ideas from other clinics.</p>
            <a
              href={SITE_CONFIG.communityUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={cardButtonClass}
            >
              Visit Community
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        </section>

        <section aria-labelledby="faq-heading" className="mt-16">
          <h2 id="faq-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            Frequently asked questions
          </h2>
          <div role="group" aria-label="Filter by category" className="mt-6 flex flex-wrap gap-2">
            {FILTERS.map((filter) => (
              <button
                key={filter}
                type="button"
                aria-pressed={category === filter}
                onClick={() => setCategory(filter)}
                className={`rounded-full px-4 py-2 text-sm font-medium transition ${
                  category === filter
                    ? 'bg-brand-700 text-white shadow-sm'
                    : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
                }`}
              >
                {filter}
              </button>
            ))}
          </div>
          <div className="mt-6">
            {results.length > 0 ? (
              <FaqList entries={results} />
            ) : (
              <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center">
                <p className="text-lg font-semibold text-slate-900">{SITE_COPY.supportNoResults}</p>
                <p className="mt-2 text-slate-600">{SITE_COPY.supportNoResultsHint}</p>
              </div>
            )}
          </div>
        </section>

        <div className="mt-16 grid gap-6 md:grid-cols-2">
          <section aria-labelledby="direct-heading" className="rounded-2xl bg-slate-50 p-6 sm:p-8">
            <h2 id="direct-heading" className="text-xl font-bold text-slate-900">
              Direct Support
            </h2>
            <ul className="mt-5 space-y-4 text-slate-700">
              <li className="flex gap-3">
                <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span>
                  Email support:{' '}
                  <a
                    href={`mailto:${SITE_CONFIG.supportEmail}`}
                    className="font-medium break-all text-brand-700 underline"
                  >
                    {SITE_CONFIG.supportEmail}
                  </a>
                </span>
              </li>
              <li className="flex gap-3">
                <Phone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span>
                  Phone support for Enterprise customers:{' '}
                  <span className="font-medium">{SITE_CONFIG.contactPhone}</span>
                </span>
              </li>
              <li className="flex gap-3">
                <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                <span>Monday-Friday, 9 AM-6 PM PST</span>
              </li>
            </ul>
          </section>
          <section
            aria-labelledby="critical-heading"
            className="rounded-2xl border border-accent-100 bg-accent-50 p-6 sm:p-8"
          >
            <h2
              id="critical-heading"
              className="flex items-center gap-2 text-xl font-bold text-slate-900"
            >
              <AlertTriangle aria-hidden="true" className="size-5 text-accent-700" />
              Critical Issue?
            </h2>
            <p className="mt-4 text-slate-700">
              If Glowreel is down, or a video shows something it should not, write to our urgent
              address so it reaches the right person first:
            </p>
            <a
              href={`mailto:${SITE_CONFIG.emergencyEmail}`}
              className="mt-5 inline-flex items-center gap-2 rounded-lg bg-accent-700 px-4 py-2.5 font-semibold break-all text-white hover:bg-accent-600"
            >
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              {SITE_CONFIG.emergencyEmail}
            </a>
          </section>
        </div>
      </div>
    </div>
  );
}
