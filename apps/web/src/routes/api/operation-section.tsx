import { DocSection } from '../../components/static-page.tsx';
import { curlSample, typescriptSample } from './api-code-examples.ts';
import { CodeBlock, DocTable } from './code-block.tsx';
import {
  describeType,
  exampleOf,
  resolveSchema,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
} from './openapi-types.ts';

export function operationAnchor(method: string, path: string, operation: Operation): string {
  return (
    operation.operationId ??
    `${method}-${path}`
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase()
  );
}

interface OperationSectionProps {
  document: OpenApiDocument;
  path: string;
  method: string;
  operation: Operation;
  baseUrl: string;
}

/** One endpoint: what it does, its parameters and fields, samples, and its answers. */
export function OperationSection({
  document,
  path,
  method,
  operation,
  baseUrl,
}: OperationSectionProps) {
  const anchor = operationAnchor(method, path, operation);
  const jsonBody = operation.requestBody?.content['application/json']?.schema;
  const bodySchema = resolveSchema(document, jsonBody);
  const isSigned = Array.isArray(operation.security) && operation.security.length === 0;
  const samplePath = path.replace('{id}', '3f9c2a4e-8b1d-4c6a-9e2f-5d7a1b0c4e8f');
  const idempotency = operation.parameters?.some(
    (parameter) => parameter.name === 'Idempotency-Key',
  );
  const sample = {
    method,
    path: samplePath,
    baseUrl,
    body: exampleOf(document, jsonBody),
    headers: idempotency ? { 'Idempotency-Key': 'order-1042' } : undefined,
  };
  const success = Object.entries(operation.responses).find(([status]) => Number(status) < 300);
  const successExample = success
    ? exampleOf(document, success[1].content?.['application/json']?.schema)
    : undefined;

  return (
    <DocSection id={anchor} title={operation.summary ?? `${method.toUpperCase()} ${path}`}>
      <p>
        <code>
          {method.toUpperCase()} {path}
        </code>
      </p>
      {operation.description && <p>{operation.description}</p>}
      {operation.parameters && operation.parameters.length > 0 && (
        <DocTable label={`Parameters of ${path}`}>
          <thead>
            <tr>
              <th scope="col">Parameter</th>
              <th scope="col">In</th>
              <th scope="col">Meaning</th>
            </tr>
          </thead>
          <tbody>
            {operation.parameters.map((parameter) => (
              <tr key={`${parameter.in}-${parameter.name}`}>
                <td>
                  <code>{parameter.name}</code>
                  {parameter.required ? ' (required)' : ''}
                </td>
                <td>{parameter.in}</td>
                <td>{parameter.description ?? describeType(document, parameter.schema)}</td>
              </tr>
            ))}
          </tbody>
        </DocTable>
      )}
      {bodySchema?.properties && (
        <DocTable label={`Request fields of ${path}`}>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Type</th>
              <th scope="col">Meaning</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(bodySchema.properties).map(([name, property]) => (
              <tr key={name}>
                <td>
                  <code>{name}</code>
                  {bodySchema.required?.includes(name) ? ' (required)' : ''}
                </td>
                <td>{describeType(document, property)}</td>
                <td>
                  {resolveSchema(document, property)?.description ?? property.description ?? ''}
                  {property.default !== undefined &&
                    ` Default: ${JSON.stringify(property.default)}.`}
                  <NestedFields document={document} schema={property} />
                </td>
              </tr>
            ))}
          </tbody>
        </DocTable>
      )}
      {operation.requestBody?.content['multipart/form-data'] && (
        <p>
          The same fields also travel as <code>multipart/form-data</code>: the photos as files,{' '}
          <code>options</code> as JSON text.
        </p>
      )}
      {!isSigned && (
        <>
          <h3>curl</h3>
          <CodeBlock>{curlSample(sample)}</CodeBlock>
          <h3>TypeScript</h3>
          <CodeBlock>{typescriptSample(sample)}</CodeBlock>
        </>
      )}
      {successExample !== undefined && (
        <>
          <h3>Response {success?.[0]}</h3>
          <CodeBlock>{JSON.stringify(successExample, null, 2)}</CodeBlock>
        </>
      )}
      <DocTable label={`Answers of ${path}`}>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(operation.responses).map(([status, response]) => (
            <tr key={status}>
              <td>{status}</td>
              <td>{response.description}</td>
            </tr>
          ))}
        </tbody>
      </DocTable>
    </DocSection>
  );
}

/** The fields of an object-valued field (e.g. options), each with its values and default. */
function NestedFields({ document, schema }: { document: OpenApiDocument; schema: JsonSchema }) {
  const properties = resolveSchema(document, schema)?.properties;
  if (!properties) return null;
  return (
    <ul className="mt-1 list-disc pl-5">
      {Object.entries(properties).map(([name, property]) => (
        <li key={name}>
          <code>{name}</code>: {describeType(document, property)}
          {property.default !== undefined && ` (default ${JSON.stringify(property.default)})`}
          {property.description ? `. ${property.description}` : ''}
        </li>
      ))}
    </ul>
  );
}
