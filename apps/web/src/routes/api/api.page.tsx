import { FREE_PLAN_API_REQUESTS_PER_MINUTE, PLANS } from '@glowreel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DocSection, StaticPage } from '../../components/static-page.tsx';
import { WEBHOOK_VERIFICATION_SAMPLE } from './api-code-examples.ts';
import { RATE_LIMIT_HEADERS } from './api-examples.ts';
import { CodeBlock, DocTable } from './code-block.tsx';
import { OperationSection, operationAnchor } from './operation-section.tsx';
import { exampleOf, type OpenApiDocument, type Operation } from './openapi-types.ts';

const OPENAPI_URL = '/api/v1/openapi.json';

async function fetchOpenApi(): Promise<OpenApiDocument> {
  const response = await fetch(OPENAPI_URL, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The API reference did not load (${response.status}).`);
  return (await response.json()) as OpenApiDocument;
}

/** Every documented operation, in the document's order. */
function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
}

/** Every status an operation can answer with an error, with its meaning, once. */
function errorStatuses(document: OpenApiDocument): [string, string][] {
  const seen = new Map<string, string>();
  for (const { operation } of operationsOf(document)) {
    for (const [status, response] of Object.entries(operation.responses)) {
      if (Number(status) >= 400 && !seen.has(status)) seen.set(status, response.description);
    }
  }
  return [...seen.entries()].sort(([a], [b]) => Number(a) - Number(b));
}

/**
 * SPEC §7 public API, rendered from the server's OpenAPI document (DESIGN.md D11): the page
 * cannot describe a request the server does not accept.
 */
export function ApiPage() {
  const reference = useQuery({ queryKey: ['openapi'], queryFn: fetchOpenApi, staleTime: 300_000 });
  const document = reference.data;
  const operations = document ? operationsOf(document) : [];
  const contents = [
    { id: 'authentication', label: 'Authentication' },
    ...operations.map(({ path, method, operation }) => ({
      id: operationAnchor(method, path, operation),
      label: operation.summary ?? `${method.toUpperCase()} ${path}`,
    })),
    { id: 'webhooks', label: 'Webhooks' },
    { id: 'errors', label: 'Errors' },
    { id: 'rate-limits', label: 'Rate limits' },
  ];
  const baseUrl = document?.servers?.[0]?.url ?? window.location.origin;
  const webhook: Operation | undefined = document?.webhooks?.videoEvent?.post;

  return (
    <StaticPage
      title="API Documentation"
      intro={
        <>
          Create videos from your own systems. The API takes the same photos and options as the{' '}
          <Link to="/generate" className="font-medium text-brand-700 underline underline-offset-2">
            Generate
          </Link>{' '}
          page and spends credits the same way. This page is drawn from the{' '}
          <a href={OPENAPI_URL} className="font-medium text-brand-700 underline underline-offset-2">
            OpenAPI 3.1 document
          </a>{' '}
          the server validates requests with.
        </>
      }
      contents={contents}
    >
      <DocSection id="authentication" title="Authentication">
        <p>
          Every request carries an API key as a bearer token. Create keys under{' '}
          <Link to="/dashboard#developers">Developers on your dashboard</Link>; a key is shown once,
          and you can revoke it there at any time. Keep it on your server, never in a web page or
          app.
        </p>
        <CodeBlock>{'Authorization: Bearer YOUR_API_KEY'}</CodeBlock>
        <p>
          Base URL: <code>{baseUrl}</code>. Requests and responses are JSON unless stated otherwise.
        </p>
      </DocSection>

      {reference.isPending && (
        <p role="status" className="text-slate-600">
          Loading the API reference…
        </p>
      )}
      {reference.isError && (
        <div role="alert" className="rounded-lg border border-accent-200 bg-accent-50 p-4">
          <p>{reference.error.message}</p>
          <button
            type="button"
            onClick={() => void reference.refetch()}
            className="mt-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium"
          >
            Try again
          </button>
        </div>
      )}

      {document &&
        operations.map(({ path, method, operation }) => (
          <OperationSection
            key={`${method} ${path}`}
            document={document}
            path={path}
            method={method}
            operation={operation}
            baseUrl={baseUrl}
          />
        ))}

      <DocSection id="webhooks" title="Webhooks">
        <p>
          {webhook?.description ??
            'With a webhook_url, we POST video.completed or video.failed when the video finishes.'}
        </p>
        {document && webhook && (
          <CodeBlock>
            {JSON.stringify(
              {
                id: 'evt_2b7c0d4f9a1e4c3b8f6d5a2e1c0b9a87',
                type: 'video.completed',
                created: 1795000007,
                data: exampleOf(
                  document,
                  webhook.requestBody?.content['application/json']?.schema.properties?.data ?? {
                    $ref: '#/components/schemas/Video',
                  },
                ),
              },
              null,
              2,
            )}
          </CodeBlock>
        )}
        <p>
          Verify the <code>Webhook-Signature</code> header with your webhook secret (Developers
          section) before trusting the body. Compare against the raw body, before any JSON parsing:
        </p>
        <CodeBlock>{WEBHOOK_VERIFICATION_SAMPLE}</CodeBlock>
      </DocSection>

      <DocSection id="errors" title="Errors">
        <p>Every error has the same body; the code is stable, the message is for people.</p>
        {document && (
          <>
            <CodeBlock>
              {JSON.stringify(document.components.schemas.Error?.example ?? {}, null, 2)}
            </CodeBlock>
            <DocTable label="Error statuses">
              <thead>
                <tr>
                  <th scope="col">Status</th>
                  <th scope="col">Meaning</th>
                </tr>
              </thead>
              <tbody>
                {errorStatuses(document).map(([status, meaning]) => (
                  <tr key={status}>
                    <td>{status}</td>
                    <td>{meaning}</td>
                  </tr>
                ))}
              </tbody>
            </DocTable>
          </>
        )}
      </DocSection>

      <DocSection id="rate-limits" title="Rate limits">
        <p>Requests per minute, per account, counted over any 60 seconds (a sliding window):</p>
        <DocTable label="Requests per minute by plan">
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
        </DocTable>
        <p>
          Higher custom limits are available: <Link to="/support">contact sales</Link>. Every
          response reports where you stand; over the limit the answer is 429 with a{' '}
          <code>Retry-After</code> header in seconds:
        </p>
        <CodeBlock>{RATE_LIMIT_HEADERS}</CodeBlock>
      </DocSection>
    </StaticPage>
  );
}
