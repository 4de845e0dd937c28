import { z } from 'zod';
import { errorAnswer } from './common.js';
import { API_ROUTES, type RouteContract } from './routes.js';

/**
 * The OpenAPI 3.1 description of the API, generated from the one contract table (`routes.ts`):
 * every route with its parameters, query, body and answers as JSON Schema 2020-12. What zod
 * cannot say in JSON Schema (refinements such as the text rule) is left open there and enforced
 * by the server.
 */

type JsonSchema = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  304: 'Not modified',
  400: 'Invalid request',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Too large',
  415: 'Unsupported media type',
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

function requestBody(body: RouteContract['body']): JsonSchema | undefined {
  if (!body) return undefined;
  if (body === 'multipart') {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            description:
              'projectData (JSON text), models (files: STL, PLY or DCM), modelCustomNames and modelTypes (JSON arrays)',
          },
        },
      },
    };
  }
  return { required: true, content: { 'application/json': { schema: jsonSchema(body, 'input') } } };
}

function responses(answers: RouteContract['answers']): JsonSchema {
  const out: Record<string, JsonSchema> = {};
  for (const [status, answer] of Object.entries(answers)) {
    const description = STATUS_TEXT[Number(status)] ?? 'Answer';
    if (answer === null) out[status] = { description };
    else if (answer === 'bytes')
      out[status] = {
        description,
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      };
    else
      out[status] = {
        description,
        content: { 'application/json': { schema: jsonSchema(answer, 'output') } },
      };
  }
  out.default = {
    description: 'An error: a message for people and a stable machine-readable code',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  return out;
}

/** `/api/projects/:id` → `/api/projects/{id}` */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

export function buildOpenApi(info: { version: string; serverUrl?: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [route, c] of Object.entries(API_ROUTES) as [string, RouteContract][]) {
    const [method, path] = route.split(' ') as [string, string];
    const op: JsonSchema = {
      operationId: `${method.toLowerCase()}${openApiPath(path)
        .replace(/[{}]/g, '')
        .split('/')
        .filter(Boolean)
        .map(
          (p) =>
            p.charAt(0).toUpperCase() +
            p.slice(1).replace(/-(\w)/g, (_, x: string) => x.toUpperCase()),
        )
        .join('')}`,
      parameters: [...parameters(c.params, 'path'), ...parameters(c.query, 'query')],
      responses: responses(c.answers),
    };
    const body = requestBody(c.body);
    if (body) op.requestBody = body;
    if (path.startsWith('/api/public/')) op.security = [];
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
    ...(info.serverUrl ? { servers: [{ url: info.serverUrl }] } : {}),
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: jsonSchema(errorAnswer, 'output') },
    },
    paths,
  };
}
