import { z } from 'zod';
import { errorAnswer } from './common.js';
import { IDEMPOTENCY_KEY } from './projects.js';
import { API_ROUTES, type Access, type MultipartForm, type RouteContract } from './routes.js';
import { failureStatuses } from './failures.js';
import { API_TAGS, tagOf } from './tags.js';

/**
 * The OpenAPI 3.1 description of the API, generated from the one contract table (`routes.ts`):
 * every route with its summary, tag, access (`security`), parameters, query, body and answers
 * as JSON Schema 2020-12. What zod cannot say in JSON Schema (refinements such as the text rule)
 * is left open there and enforced by the server.
 */

type JsonSchema = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  304: 'Not modified',
  400: 'Invalid request',
  401: 'Not signed in, or the link needs its PIN',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone: the link expired or was withdrawn',
  413: 'Too large',
  415: 'Unsupported media type',
  422: 'The file cannot be used',
  429: 'Too many requests',
  503: 'Unavailable',
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** Path parameters or query fields of an object schema, as OpenAPI parameters. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const s = jsonSchema(schema, 'input');
  const props = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((s.required ?? []) as string[]);
  return Object.entries(props).map(([name, p]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: p,
  }));
}

function multipartSchema(form: MultipartForm): JsonSchema {
  const file = { type: 'string', contentMediaType: 'application/octet-stream' };
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  if (form.data) {
    properties[form.data.field] = {
      type: 'string',
      contentMediaType: 'application/json',
      contentSchema: jsonSchema(form.data.schema, 'input'),
      description: 'JSON text; must come before any file',
    };
    required.push(form.data.field);
  }
  properties[form.files.field] = form.files.many
    ? { type: 'array', items: file, description: form.files.description }
    : { ...file, description: form.files.description };
  if (!form.files.many) required.push(form.files.field);
  for (const list of form.lists ?? []) {
    properties[list] = {
      type: 'array',
      items: { type: 'string' },
      description: `One entry per file, in the files' order (a JSON array, or the field repeated)`,
    };
  }
  return { type: 'object', properties, required };
}

function requestBody(c: RouteContract): JsonSchema | undefined {
  if (c.form) {
    return {
      required: true,
      content: { 'multipart/form-data': { schema: multipartSchema(c.form) } },
    };
  }
  if (!c.body) return undefined;
  return {
    required: true,
    content: { 'application/json': { schema: jsonSchema(c.body, 'input') } },
  };
}

function bytesContent(type: string): JsonSchema {
  const schema = type.startsWith('text/')
    ? { type: 'string' }
    : { type: 'string', contentMediaType: type };
  return { [type]: { schema } };
}

function responses(c: RouteContract): JsonSchema {
  const out: Record<string, JsonSchema> = {};
  for (const [status, answer] of Object.entries(c.answers)) {
    const description = STATUS_TEXT[Number(status)] ?? 'Answer';
    if (answer === null) out[status] = { description };
    else if (answer === 'bytes')
      out[status] = {
        description,
        content: bytesContent(c.bytes ?? 'application/octet-stream'),
      };
    else
      out[status] = {
        description,
        content: {
          'application/json': { schema: jsonSchema(answer, 'output') },
          ...Object.assign({}, ...(c.alsoAnswers ?? []).map(bytesContent)),
        },
      };
  }
  for (const status of failureStatuses(c)) {
    out[String(status)] ??= { $ref: `#/components/responses/Error${status}` };
  }
  out.default = { $ref: '#/components/responses/Error' };
  return out;
}

/** Signed-in routes carry the bearer token; the others say they need none. */
const securityOf = (access: Access) =>
  access === 'public' || access === 'link' ? [] : [{ bearer: [] }];

const ACCESS_NOTE: Record<Access, string> = {
  public: 'No sign-in.',
  link: 'No sign-in: the link token is the access (and the PIN grant cookie, when it has a PIN).',
  user: 'Signed in.',
  verified: 'Signed in with a verified e-mail address.',
  admin: 'Signed in as an admin.',
};

/** `/api/projects/:id` → `/api/projects/{id}` */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const operationId = (method: string, path: string) =>
  `${method.toLowerCase()}${openApiPath(path)
    .replace(/[{}]/g, '')
    .split('/')
    .filter(Boolean)
    .map(
      (p) =>
        p.charAt(0).toUpperCase() + p.slice(1).replace(/-(\w)/g, (_, x: string) => x.toUpperCase()),
    )
    .join('')}`;

const IDEMPOTENCY_HEADER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A random key chosen by the client: a retry with the same key answers the first upload’s project (200) instead of creating another.',
  schema: { type: 'string', pattern: IDEMPOTENCY_KEY.source },
};

function errorResponses(used: ReadonlySet<number>): Record<string, JsonSchema> {
  const content = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  const out: Record<string, JsonSchema> = {
    Error: {
      description: 'An error: a message for people and a stable machine-readable code',
      content,
    },
  };
  for (const status of [...used].sort()) {
    out[`Error${status}`] = { description: STATUS_TEXT[status] ?? 'Refused', content };
  }
  return out;
}

export function buildOpenApi(info: { version: string; serverUrl?: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const usedFailures = new Set<number>();
  for (const [route, c] of Object.entries(API_ROUTES) as [string, RouteContract][]) {
    const [method, path] = route.split(' ') as [string, string];
    for (const s of failureStatuses(c)) if (!(s in c.answers)) usedFailures.add(s);
    const op: JsonSchema = {
      operationId: operationId(method, path),
      summary: c.summary,
      description: ACCESS_NOTE[c.access],
      tags: [tagOf(path)],
      security: securityOf(c.access),
      parameters: [
        ...parameters(c.params, 'path'),
        ...parameters(c.query, 'query'),
        ...(c.idempotencyKey ? [IDEMPOTENCY_HEADER] : []),
      ],
      responses: responses(c),
    };
    const body = requestBody(c);
    if (body) op.requestBody = body;
    (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cusp API',
      version: info.version,
      description:
        'Share and review 3D dental scans with a browser link. Signed-in calls carry `Authorization: Bearer <token>`; calls under /api/public/ are rooted in the link token alone.',
    },
    servers: [{ url: info.serverUrl ?? '/' }],
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: API_TAGS,
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: jsonSchema(errorAnswer, 'output') },
      responses: errorResponses(usedFailures),
    },
    paths,
  };
}
