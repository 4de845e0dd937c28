/**
 * What each part of the tree may import, as ESLint `no-restricted-imports` rules. Each entry
 * names the README whose "May import" paragraph it enforces; `tests/unit/lint/importBoundaries.test.ts`
 * checks that every allowed target is written in that paragraph and that the rule fires.
 *
 * Flat config replaces (does not merge) a rule's options when two blocks match a file, so a
 * narrower block comes after the wider one and carries its whole list.
 *
 * Import specifiers are relative paths, so a target is matched by its folder path inside the
 * specifier (`../../../api/src/domain/x` contains `api/src/domain/`).
 */

/** Server packages and Node built-ins: I/O the browser and the pure modules must never pull in. */
const SERVER_PACKAGES = [
  'fastify',
  'pg',
  'pino',
  'nodemailer',
  'argon2',
  'tsx',
  '@electric-sql/pglite',
  '@eventstore/db-client',
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
];
const SERVER_PACKAGE_REGEX = `^(?:node:.*|${SERVER_PACKAGES.map((p) => p.replace(/[/.]/g, '\\$&')).join('|')})(?:/.*)?$`;

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A specifier that reaches into one of `roots` but not into one of `allowed`.
 * `allowed` entries are folder paths (ending in `/`) or module paths (matched with or without `.js`).
 */
function outsideAllowed(roots, allowed) {
  const allow = allowed
    .map((a) => (a.endsWith('/') ? `(?:^|/)${escape(a)}` : `(?:^|/)${escape(a)}(?:\\.js)?$`))
    .join('|');
  const reach = `(?:^|/)(?:${roots.map(escape).join('|')})/`;
  return allow ? `^(?!.*(?:${allow})).*${reach}` : `.*${reach}`;
}

export const importBoundaries = [
  {
    readme: 'web/README.md',
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    allowed: [
      'api/src/contract/',
      'api/src/domain/',
      'api/src/auth/passwordPolicy',
      'wasm/src/core',
      'wasm/src/distanceSplit',
      'wasm/src/errors',
      'wasm/src/protocol',
      'wasm/src/views',
    ],
    patterns: (allowed) => [
      {
        regex: outsideAllowed(['api/src', 'projections', 'wasm/src', 'tests', 'scripts'], allowed),
        message:
          'web/ imports only the API contract and browser-safe pure modules (web/README.md "May import").',
      },
      {
        regex: SERVER_PACKAGE_REGEX,
        message: 'web/ never imports server code with I/O (web/README.md).',
      },
    ],
  },
  {
    readme: 'api/README.md',
    files: ['api/**/*.ts'],
    allowed: ['wasm/src/', 'projections/src/'],
    patterns: (allowed) => [
      {
        regex: outsideAllowed(['web', 'wasm', 'projections', 'tests', 'scripts'], allowed),
        message:
          'api/ imports its own modules, wasm/src and projections/src only (api/README.md "May import").',
      },
    ],
  },
  {
    readme: 'api/README.md',
    section: 'src/domain',
    files: ['api/src/domain/**/*.ts'],
    allowed: ['./'],
    patterns: () => [
      {
        regex: '^(?!\\./)',
        message:
          'api/src/domain is pure: it imports nothing but its own modules (api/README.md "May import").',
      },
    ],
  },
  {
    readme: 'api/README.md',
    section: 'src/contract',
    files: ['api/src/contract/**/*.ts'],
    allowed: ['zod', 'api/src/domain/', 'api/src/auth/passwordPolicy'],
    patterns: () => [
      {
        regex: '^(?!(?:zod$|\\./|\\.\\./domain/|\\.\\./auth/passwordPolicy\\.js$))',
        message:
          'api/src/contract is browser-safe: zod, pure domain modules and the password rule only (api/README.md "May import").',
      },
    ],
  },
  {
    readme: 'projections/README.md',
    files: ['projections/**/*.ts'],
    ignores: ['projections/src/cli.ts'],
    allowed: ['api/src/domain/', 'api/src/db/db', 'api/src/store/eventStore'],
    patterns: (allowed) => [
      {
        regex: outsideAllowed(['api/src', 'web', 'wasm', 'tests', 'scripts'], allowed),
        message:
          'projections/ imports domain event types and the Db and EventStore ports only (projections/README.md "May import").',
      },
    ],
  },
  {
    readme: 'projections/README.md',
    section: 'cli.ts',
    files: ['projections/src/cli.ts'],
    allowed: [
      'api/src/domain/',
      'api/src/db/db',
      'api/src/store/eventStore',
      'api/src/config',
      'api/src/db/open',
      'api/src/store/open',
      'api/src/db/pglite',
    ],
    patterns: (allowed) => [
      {
        regex: outsideAllowed(['api/src', 'web', 'wasm', 'tests', 'scripts'], allowed),
        message:
          'the projections CLI adds only the configuration and the adapters\' openers (projections/README.md "May import").',
      },
    ],
  },
  {
    readme: 'wasm/README.md',
    files: ['wasm/src/**/*.ts'],
    allowed: [],
    patterns: (allowed) => [
      {
        regex: outsideAllowed(['api', 'web', 'projections', 'tests', 'scripts'], allowed),
        message: 'wasm/ imports nothing from api/, web/ or projections/ (wasm/README.md).',
      },
    ],
  },
];

/** The flat-config blocks that enforce the boundaries. */
export function boundaryConfigs() {
  return importBoundaries.map((b) => ({
    files: b.files,
    ...(b.ignores ? { ignores: b.ignores } : {}),
    rules: { 'no-restricted-imports': ['error', { patterns: b.patterns(b.allowed) }] },
  }));
}
