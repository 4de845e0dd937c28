import { z } from 'zod';

/** `GET /api/openapi.json`: an OpenAPI 3.1 description (its full shape is the OpenAPI spec's). */
export const openApiDocument = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
