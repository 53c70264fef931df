import {
  ANIMATION_LABELS,
  ASPECTS,
  EMPHASIS_LABELS,
  NEW_PROFILE_DEFAULTS,
  PLANS,
  RETRY_AFTER_MINUTES,
  SAMPLE_VIDEOS,
  SPEED_LABELS,
  VIDEO_DURATION_SECONDS,
  VIDEO_FPS,
  BUSY_TIMES_EXPLANATION,
  VIDEO_READY_CLAIM,
} from '@glowreel/contracts';
import { Link } from 'react-router';
import { DocSection, StaticPage } from '../../components/static-page.tsx';

const CONTENTS = [
  { id: 'getting-started', label: 'Getting started' },
  { id: 'image-requirements', label: 'Image requirements' },
  { id: 'customization', label: 'Customization' },
  { id: 'best-practices', label: 'Best practices' },
  { id: 'troubleshooting', label: 'Troubleshooting' },
  { id: 'examples', label: 'Examples' },
] as const;

const EXAMPLES = SAMPLE_VIDEOS.slice(0, 2);
const FREE_CREDITS = NEW_PROFILE_DEFAULTS.freeCredits + NEW_PROFILE_DEFAULTS.videosRemaining;

export function DocumentationPage() {
  return (
    <StaticPage
      title="Documentation"
      intro="Everything you need to turn a before-and-after photo into a ready-to-post video."
      contents={CONTENTS}
    >
      <DocSection id="getting-started" title="Getting started">
        <ol>
          <li>
            <Link to="/register">Create an account</Link>. New accounts start with {FREE_CREDITS}{' '}
            free credits; one credit makes one video.
          </li>
          <li>
            Open <Link to="/generate">Generate</Link> and upload one before-and-after photo: the two
            photos side by side, or one above the other.
          </li>
          <li>Choose a style, a format and your branding. The live preview plays straight away.</li>
          <li>
            Confirm that you have the patient&apos;s consent, then press Generate. The MP4 is{' '}
            {VIDEO_READY_CLAIM}; a render that fails never costs a credit.
          </li>
          <li>
            Download the MP4 and post it wherever you like: the video is yours to use commercially.
          </li>
        </ol>
      </DocSection>

      <DocSection id="image-requirements" title="Image requirements">
        <ul>
          <li>
            Formats: JPG, PNG, WEBP, a still (not animated) GIF, or HEIC/HEIF straight from an
            iPhone (no need to convert it).
          </li>
          <li>Size: under 10 MB per image.</li>
          <li>
            Resolution: at least 720 px on the smallest side for a sharp video. Smaller photos still
            render, with a note.
          </li>
          <li>
            Two separate photos: choose “Two photos (before, after)” and drop each in its place; the
            swap button fixes a pair chosen the wrong way round.
          </li>
          <li>
            Composites: the two photos side by side or stacked, with a clear gap or edge between
            them.
          </li>
          <li>
            Patients in your photos must be 18 or older, and you need their consent to publish.
          </li>
        </ul>
        <p>
          Uploaded photos are used only for the render and deleted as soon as it ends: they are
          never stored in our database or video storage.
        </p>
      </DocSection>

      <DocSection id="customization" title="Customization">
        <table>
          <thead>
            <tr>
              <th scope="col">Option</th>
              <th scope="col">Choices</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Primary animation</td>
              <td>{Object.values(ANIMATION_LABELS).join(', ')}</td>
            </tr>
            <tr>
              <td>Emphasis effect</td>
              <td>{Object.values(EMPHASIS_LABELS).join(', ')}</td>
            </tr>
            <tr>
              <td>Motion speed</td>
              <td>{Object.values(SPEED_LABELS).join(', ')}</td>
            </tr>
            <tr>
              <td>Format</td>
              <td>{ASPECTS.join(', ')} (landscape, vertical for Stories and Reels, square)</td>
            </tr>
            <tr>
              <td>Branding</td>
              <td>Clinic name, contact line, treatment title and a disclosure caption</td>
            </tr>
          </tbody>
        </table>
        <p>
          Every video is an H.264 MP4, {VIDEO_DURATION_SECONDS} seconds at {VIDEO_FPS} fps, that
          plays in every browser and uploads to Instagram and TikTok. Resolution follows your plan:{' '}
          {PLANS.map((plan) => `${plan.name} ${plan.resolution}`).join(', ')}; the free plan renders
          at 720p.
        </p>
      </DocSection>

      <DocSection id="best-practices" title="Best practices">
        <ul>
          <li>Take the before and after photos with the same framing, distance and lighting.</li>
          <li>
            Face the camera directly with a neutral expression; hair away from the treated area.
          </li>
          <li>
            Avoid filters and retouching: the engine only moves your real photos, and so should you.
          </li>
          <li>
            Use the vertical format for Stories and Reels, square for feeds, landscape for your
            website.
          </li>
          <li>
            Keep the disclosure caption on: advertising rules often require one for results imagery.
          </li>
        </ul>
      </DocSection>

      <DocSection id="troubleshooting" title="Troubleshooting">
        <h3>&ldquo;Failed to process the image. Please try a different one.&rdquo;</h3>
        <p>
          The file is not a supported image, is animated, is larger than 10 MB, or is damaged.
          Export it again as JPEG or PNG and retry.
        </p>
        <h3>The split between before and after is wrong</h3>
        <p>
          Leave a clear gap or edge between the two photos in your composite, and keep both photos
          the same size.
        </p>
        <h3>The video is taking long</h3>
        <p>
          Videos are {VIDEO_READY_CLAIM}. {BUSY_TIMES_EXPLANATION} If it is still running after{' '}
          {RETRY_AFTER_MINUTES} minutes, refresh the page and try again; a failed render refunds its
          credit.
        </p>
        <h3>Still stuck?</h3>
        <p>
          Visit <Link to="/support">Support</Link> for the FAQ and ways to reach us.
        </p>
      </DocSection>

      <DocSection id="examples" title="Examples">
        <p>
          These samples were rendered by our engine from illustrated faces; they are not real
          patients.
        </p>
        <div className="mt-6 grid gap-6 sm:grid-cols-2">
          {EXAMPLES.map((sample) => (
            <figure
              key={sample.slug}
              className="overflow-hidden rounded-xl border border-slate-200"
            >
              <video
                src={`/samples/${sample.slug}.mp4`}
                poster={`/samples/${sample.slug}.jpg`}
                controls
                muted
                playsInline
                preload="none"
                width={640}
                height={360}
                className="aspect-video w-full bg-slate-900"
                aria-label={`${sample.title} sample video`}
              />
              <figcaption className="px-4 py-3 text-sm font-semibold text-slate-900">
                {sample.title}
              </figcaption>
            </figure>
          ))}
        </div>
      </DocSection>
    </StaticPage>
  );
}
