// Answers describe what the code does today (DESIGN.md §1): no invented timings or features.
const FAQ = [
  {
    question: 'How long does a video take?',
    answer:
      'Usually a few seconds: the video is rendered on our servers, not in your browser. If it is still running after 5 minutes, refresh the page and try again.',
  },
  {
    question: 'Does a failed video cost a credit?',
    answer:
      'No. One credit is set aside when the render starts and is given back automatically if the render fails.',
  },
  {
    question: 'What happens to the photo I upload?',
    answer:
      'It is kept in a private temporary file only while your video renders and deleted as soon as the render ends, whether it succeeds or fails. It is never saved with your videos.',
  },
  {
    question: 'Does Glowreel change the patient’s face or skin?',
    answer:
      'No. The video reveals, frames, zooms and labels the real photos; it never repaints, smooths or generates skin or faces. Face motion (a head turn, a smile, raised brows, blinks) only moves the photo’s own pixels, and the video’s provenance record lists what was moved.',
  },
  {
    question: 'Which photos work best?',
    answer:
      'One image with the before on the left and the after on the right (or before on top), or the before and the after as two separate photos (choose “Two photos”), in the same pose and light. JPG, PNG, WEBP, still GIF or HEIC/HEIF straight from an iPhone, up to 10 MB each, at least 720 px on the shortest side.',
  },
  {
    question: 'Which sizes do I get?',
    answer:
      '16:9 landscape, 9:16 vertical for Reels, TikTok and Shorts, or 1:1 square. Free and Starter videos are 720p; Pro and Enterprise are 1080p.',
  },
] as const;

export function GenerateFaq() {
  return (
    <section aria-labelledby="faq-heading">
      <h2 id="faq-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        Frequently asked questions
      </h2>
      <div className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {FAQ.map((item) => (
          <details key={item.question} className="group px-5 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
              {item.question}
              <span
                aria-hidden="true"
                className="text-xl leading-none text-slate-400 transition group-open:rotate-45 motion-reduce:transition-none"
              >
                +
              </span>
            </summary>
            <p className="mt-2 text-sm text-slate-600">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
