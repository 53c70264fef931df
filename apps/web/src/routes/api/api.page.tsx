import {
  ANIMATION_LABELS,
  EMPHASIS_LABELS,
  FREE_PLAN_API_REQUESTS_PER_MINUTE,
  PLANS,
  SPEED_LABELS,
} from '@glowreel/contracts';
import { Link } from 'react-router';
import { DocSection, StaticPage } from '../../components/static-page.tsx';
import { CodeBlock } from './code-block.tsx';
import {
  ERROR_EXAMPLE,
  GENERATE_REQUEST,
  GENERATE_RESPONSE,
  RATE_LIMIT_HEADERS,
  VIDEO_RESPONSE,
  WEBHOOK_EXAMPLE,
} from './api-examples.ts';

// SPEC §7 "Public API" (DESIGN.md D11 serves it under /api/v1). A later issue generates this
// page from the OpenAPI document; until then it states the same contract by hand.
const CONTENTS = [
  { id: 'authentication', label: 'Authentication' },
  { id: 'create-video', label: 'Create a video' },
  { id: 'get-video', label: 'Get a video' },
  { id: 'webhooks', label: 'Webhooks' },
  { id: 'errors', label: 'Errors' },
  { id: 'rate-limits', label: 'Rate limits' },
] as const;

export function ApiPage() {
  return (
    <StaticPage
      title="API Documentation"
      intro={
        <>
          Create videos from your own systems. The API takes the same photos and options as the{' '}
          <Link to="/generate" className="font-medium text-brand-700 underline underline-offset-2">
            Generate
          </Link>{' '}
          page and spends credits the same way.
        </>
      }
      contents={CONTENTS}
    >
      <DocSection id="authentication" title="Authentication">
        <p>
          Every request carries your API key as a bearer token. Keep the key on your server; never
          put it in a web page or app.
        </p>
        <CodeBlock>{'Authorization: Bearer YOUR_API_KEY'}</CodeBlock>
        <p>
          Base URL: <code>/api/v1</code> on your Glowreel address. Requests and responses are JSON
          unless stated otherwise.
        </p>
      </DocSection>

      <DocSection id="create-video" title="Create a video">
        <p>
          <code>POST /api/v1/generate</code> with <code>multipart/form-data</code>: the two photos
          as <code>before_image</code> and <code>after_image</code>, the style as{' '}
          <code>options</code>, and an optional <code>webhook_url</code>.
        </p>
        <CodeBlock>{GENERATE_REQUEST}</CodeBlock>
        <table>
          <thead>
            <tr>
              <th scope="col">Option</th>
              <th scope="col">Values</th>
            </tr>
          </thead>
          <tbody>
            <OptionRow name="animation" labels={ANIMATION_LABELS} />
            <OptionRow name="effect" labels={EMPHASIS_LABELS} />
            <OptionRow name="speed" labels={SPEED_LABELS} />
          </tbody>
        </table>
        <p>The answer names the job; the video renders in the background.</p>
        <CodeBlock>{GENERATE_RESPONSE}</CodeBlock>
      </DocSection>

      <DocSection id="get-video" title="Get a video">
        <p>
          <code>GET /api/v1/videos/{'{video_id}'}</code> returns the job&apos;s status and progress
          and, once it is completed, the download and thumbnail URLs.
        </p>
        <CodeBlock>{VIDEO_RESPONSE}</CodeBlock>
      </DocSection>

      <DocSection id="webhooks" title="Webhooks">
        <p>
          With a <code>webhook_url</code>, we POST a <code>video.completed</code> event when the
          video is ready. The <code>X-Glowreel-Signature</code> header signs the raw body with your
          webhook secret: verify it before trusting the payload.
        </p>
        <CodeBlock>{WEBHOOK_EXAMPLE}</CodeBlock>
      </DocSection>

      <DocSection id="errors" title="Errors">
        <table>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Meaning</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>400 Bad Request</td>
              <td>A photo or option is missing or invalid, e.g. an unsupported image format.</td>
            </tr>
            <tr>
              <td>401 Unauthorized</td>
              <td>The API key is missing or not valid.</td>
            </tr>
            <tr>
              <td>429 Rate Limited</td>
              <td>Too many requests this minute; wait until the reset time.</td>
            </tr>
            <tr>
              <td>500 Internal Server Error</td>
              <td>Something failed on our side; retry later. No credit is spent.</td>
            </tr>
          </tbody>
        </table>
        <p>Every error has the same body:</p>
        <CodeBlock>{ERROR_EXAMPLE}</CodeBlock>
      </DocSection>

      <DocSection id="rate-limits" title="Rate limits">
        <p>Requests per minute, per API key:</p>
        <table>
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">Requests per minute</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Free</td>
              <td>{FREE_PLAN_API_REQUESTS_PER_MINUTE}</td>
            </tr>
            {PLANS.map((plan) => (
              <tr key={plan.id}>
                <td>{plan.name}</td>
                <td>{plan.apiRequestsPerMinute}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          Higher custom limits are available: <Link to="/support">contact sales</Link>. Every
          response reports where you stand:
        </p>
        <CodeBlock>{RATE_LIMIT_HEADERS}</CodeBlock>
      </DocSection>
    </StaticPage>
  );
}

function OptionRow({ name, labels }: { name: string; labels: Record<string, string> }) {
  return (
    <tr>
      <td>
        <code>{name}</code>
      </td>
      <td>
        {Object.entries(labels).map(([value, label], index) => (
          <span key={value}>
            {index > 0 && ', '}
            <code>{value}</code> ({label})
          </span>
        ))}
      </td>
    </tr>
  );
}
