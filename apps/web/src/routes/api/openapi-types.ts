// The parts of the OpenAPI 3.1 document (GET /api/v1/openapi.json) the /api page reads.
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  example?: unknown;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  contentMediaType?: string;
}

export interface Parameter {
  name: string;
  in: 'header' | 'query' | 'path';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: JsonSchema }> }
  >;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** Follows a `#/components/schemas/Name` reference (one level is all the document uses). */
export function resolveSchema(
  document: OpenApiDocument,
  schema: JsonSchema | undefined,
): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return document.components.schemas[name];
}

/** The example of a schema, following its reference. */
export function exampleOf(document: OpenApiDocument, schema: JsonSchema | undefined): unknown {
  return resolveSchema(document, schema)?.example;
}

/** A short human type for a property: "string", "one of a, b", "integer 1–100", … */
export function describeType(document: OpenApiDocument, schema: JsonSchema | undefined): string {
  const resolved = resolveSchema(document, schema);
  if (!resolved) return '';
  if (resolved.const !== undefined) return `must be ${JSON.stringify(resolved.const)}`;
  if (resolved.enum) return `one of ${resolved.enum.map((value) => String(value)).join(', ')}`;
  if (resolved.anyOf) {
    return resolved.anyOf
      .map((option) => describeType(document, option))
      .filter(Boolean)
      .join(' or ');
  }
  if (resolved.contentMediaType) return 'file';
  const base = Array.isArray(resolved.type)
    ? resolved.type.join(' or ')
    : (resolved.type ?? 'object');
  if (resolved.format === 'uri') return 'URL';
  if (resolved.minimum !== undefined && resolved.maximum !== undefined) {
    return `${base} ${resolved.minimum}–${resolved.maximum}`;
  }
  return base;
}
