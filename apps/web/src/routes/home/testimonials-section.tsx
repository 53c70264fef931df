import { Star } from 'lucide-react';
import { SectionHeading } from './section-heading.tsx';

// DESIGN.md D8: testimonials are operator content; the shipped ones are samples and say so.
const SAMPLE_TESTIMONIALS = [
  {
    quote:
      'We used to spend an afternoon editing each before-and-after. Now the front desk makes the video between appointments.',
    author: 'Practice manager',
    clinic: 'Example medical spa',
  },
  {
    quote:
      'What sold us is that it only moves our real photos. Nothing is retouched, so we can post it with a clear conscience.',
    author: 'Medical director',
    clinic: 'Example aesthetic clinic',
  },
  {
    quote:
      'The vertical format with our logo and the disclosure caption goes straight to Instagram. Consultations start with the videos now.',
    author: 'Marketing lead',
    clinic: 'Example dermatology practice',
  },
] as const;

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-heading" className="bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="testimonials-heading"
          eyebrow="Testimonials"
          title="What clinics tell us"
        >
          Sample testimonials that show how this section will look with your reviews; they are not
          quotes from real customers.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {SAMPLE_TESTIMONIALS.map((testimonial) => (
            <li
              key={testimonial.author}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <div className="flex items-center justify-between">
                <p className="flex gap-0.5" role="img" aria-label="5 out of 5 stars">
                  {Array.from({ length: 5 }, (_, index) => (
                    <Star
                      key={index}
                      aria-hidden="true"
                      className="size-5 fill-amber-400 text-amber-400"
                    />
                  ))}
                </p>
                <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-600">
                  Sample
                </span>
              </div>
              <blockquote className="mt-4 flex-1 leading-relaxed text-slate-700">
                “{testimonial.quote}”
              </blockquote>
              <p className="mt-6 text-sm">
                <span className="font-semibold text-slate-900">{testimonial.author}</span>
                <span className="text-slate-500">, {testimonial.clinic}</span>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
