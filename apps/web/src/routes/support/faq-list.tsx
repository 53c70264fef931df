import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import type { FaqEntry } from './faq-entries.ts';

/** Expandable entries: each question is a button that shows or hides its answer. */
export function FaqList({ entries }: { entries: readonly FaqEntry[] }) {
  return (
    <Accordion.Root
      type="multiple"
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
    >
      {entries.map((entry) => (
        <Accordion.Item key={entry.question} value={entry.question} data-testid="faq-entry">
          <Accordion.Header>
            <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50">
              <span>
                {entry.question}
                <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 align-middle text-xs font-medium text-brand-800">
                  {entry.category}
                </span>
              </span>
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 text-slate-500 transition group-data-[state=open]:rotate-180"
              />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 leading-relaxed text-slate-600">
            {entry.answer}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
