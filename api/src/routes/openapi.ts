import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildOpenApi } from '../contract/openapi.js';
import type { AppDeps } from '../deps.js';
import { escapeHtml } from '../mail/templates.js';

type Json = Record<string, unknown>;

/** The API's version is the package's. */
const VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** The docs page: plain HTML built once from the description, no script (the API's CSP holds). */
function docsPage(doc: Json): string {
  const info = doc.info as { title: string; version: string; description: string };
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const shared = (doc.components as { responses: Record<string, Json> }).responses;
  // Error answers are shared components: `{ $ref: '#/components/responses/Error404' }`.
  const resolve = (r: Json): Json =>
    typeof r.$ref === 'string' ? (shared[r.$ref.split('/').pop()!] ?? r) : r;
  const sections: string[] = [];
  for (const [path, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = (op.parameters as Json[]).map(
        (p) =>
          `<li><code>${escapeHtml(String(p.name))}</code> (${escapeHtml(String(p.in))}${p.required ? ', required' : ''})</li>`,
      );
      const body = op.requestBody as { content: Record<string, { schema: unknown }> } | undefined;
      const answers = Object.entries(op.responses as Record<string, Json>)
        .filter(([status]) => status !== 'default')
        .map(([status, ref]) => {
          const r = resolve(ref);
          const content = r.content as Record<string, { schema: unknown }> | undefined;
          const [type, media] = Object.entries(content ?? {})[0] ?? [];
          return `<details><summary>${escapeHtml(status)} ${escapeHtml(String(r.description))}${type ? ` — ${escapeHtml(type)}` : ''}</summary>${media ? `<pre>${escapeHtml(JSON.stringify(media.schema, null, 2))}</pre>` : ''}</details>`;
        });
      sections.push(
        `<section><h2><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2>` +
          `<p>${escapeHtml(String(op.summary))}. <span class="e">${escapeHtml(String(op.description))}</span></p>` +
          (params.length ? `<h3>Parameters</h3><ul>${params.join('')}</ul>` : '') +
          (body
            ? `<h3>Body</h3>${Object.entries(body.content)
                .map(
                  ([type, m]) =>
                    `<details><summary>${escapeHtml(type)}</summary><pre>${escapeHtml(JSON.stringify(m.schema, null, 2))}</pre></details>`,
                )
                .join('')}`
            : '') +
          `<h3>Answers</h3>${answers.join('')}<p class="e">Errors answer <code>{ "error": "…", "code": "…" }</code>.</p></section>`,
      );
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(info.title)} ${escapeHtml(info.version)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:24px;color:#0f172a}
h1{margin-bottom:4px}section{border-top:1px solid #e2e8f0;padding:8px 0}h2{font-size:17px;margin:8px 0}
h3{font-size:13px;text-transform:uppercase;color:#475569;margin:8px 0 4px}pre{background:#f8fafc;padding:8px;overflow:auto;font-size:12px}
.m{display:inline-block;min-width:56px;font-size:12px;padding:2px 6px;border-radius:4px;color:#fff;background:#0f766e;text-align:center}
.m.post{background:#1d4ed8}.m.put{background:#b45309}.m.delete{background:#b91c1c}.e{color:#475569;font-size:13px}</style></head>
<body><h1>${escapeHtml(info.title)}</h1><p>Version ${escapeHtml(info.version)} · <a href="/api/openapi.json">openapi.json</a> (OpenAPI 3.1)</p>
<p>${escapeHtml(info.description)}</p>${sections.join('\n')}</body></html>`;
}

/** `GET /api/openapi.json` (OpenAPI 3.1 from the contract) and `GET /api/docs` (a readable page). */
export async function openApiRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const doc = buildOpenApi({ version: VERSION, serverUrl: deps.config.publicBaseUrl });
  const json = JSON.stringify(doc);
  const html = docsPage(doc);
  app.get('/api/openapi.json', async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=300')
      .type('application/json; charset=utf-8')
      .send(json),
  );
  app.get('/api/docs', async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=300')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('text/html; charset=utf-8')
      .send(html),
  );
}
