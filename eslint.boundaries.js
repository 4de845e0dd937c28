/**
 * What each part of the tree may import, as ESLint `no-restricted-imports` rules. Each entry
 * names the README whose "May import" paragraph (or, with `section`, whose table row) it
 * enforces; `tests/unit/importBoundaries.test.ts` checks that every allowed target is written
 * there and lints a forbidden import of each folder to see the rule fire.
 *
 * Flat config replaces (does not merge) a rule's options when two blocks match a file, so a
 * narrower block comes after the wider one and carries its whole list.
 *
 * Import specifiers are relative paths, so a target outside a file's part of the tree is matched
 * by its folder path inside the specifier (`../../../api/src/domain/x` contains
 * `api/src/domain/`), and a folder of `api/src` seen from another by the specifier climbing out
 * of its folder (`../routes/x`, `../../routes/x`).
 */
import { readdirSync } from 'node:fs';

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
  'pdfkit',
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

/** What api/ as a whole may import from outside itself. */
const API_OUTSIDE = ['wasm/src/', 'projections/src/'];

function apiPatterns(allowed) {
  return [
    {
      regex: outsideAllowed(['web', 'wasm', 'projections', 'tests', 'scripts'], allowed),
      message:
        'api/ imports its own modules, wasm/src and projections/src only (api/README.md "May import").',
    },
  ];
}

const apiSrc = readdirSync(new URL('./api/src/', import.meta.url), { withFileTypes: true });
/** Every folder of api/src; each needs a row of the table and of API_TABLE (the test checks). */
export const API_FOLDERS = apiSrc.filter((d) => d.isDirectory()).map((d) => d.name);
/** The modules directly in api/src, by file name. */
export const API_ROOT_MODULES = apiSrc
  .filter((d) => d.isFile() && d.name.endsWith('.ts') && !d.name.endsWith('.d.ts'))
  .map((d) => d.name);
/** Root modules every folder may import (api/README.md, above the table). */
const API_ANY_FOLDER = ['errors.ts', 'deps.ts'];

/**
 * The "May import" column of api/README.md's folder table: the folders (`x/`) and root modules
 * (`x.ts`) of api/src, and the modules outside it, that each folder's files may import.
 * `domain/` and `contract/` have stricter rules of their own below.
 */
export const API_TABLE = {
  commands: [
    'domain/',
    'store/',
    'auth/',
    'botcheck/',
    'links/',
    'mail/',
    'mesh/',
    'reads/',
    'blobs/',
    'contract/',
    'projections/src/*/queries.ts',
  ],
  reads: [
    'domain/',
    'crypto/',
    'links/',
    'contract/',
    'answers/',
    'mesh/',
    'mail/',
    'projections/src/*/queries.ts',
  ],
  routes: [
    'commands/',
    'reads/',
    'documents/',
    'downloads/',
    'http/',
    'links/',
    'domain/',
    'contract/',
    'auth/',
    'botcheck/',
    'mail/',
    'mesh/',
    'blobs/',
    'crypto/',
    'wasm/src/',
    'projections/src/*/queries.ts',
  ],
  downloads: ['blobs/', 'crypto/', 'domain/', 'contract/', 'projections/src/*/queries.ts'],
  answers: ['domain/', 'store/'],
  http: ['auth/', 'contract/', 'domain/', 'db/', 'store/', 'answers/', 'config.ts'],
  auth: [
    'domain/',
    'db/',
    'crypto/',
    'mail/',
    'botcheck/',
    'store/',
    'contract/',
    'config.ts',
    'projections/src/users/queries.ts',
  ],
  links: [
    'domain/',
    'db/',
    'crypto/',
    'mail/',
    'contract/',
    'projections/src/projectLinks/queries.ts',
  ],
  store: ['db/'],
  db: [],
  blobs: ['crypto/', 'domain/', 'store/', 'config.ts'],
  mesh: ['wasm/src/', 'blobs/', 'db/', 'domain/'],
  documents: ['contract/', 'domain/'],
  crypto: ['db/'],
  mail: ['db/', 'crypto/', 'contract/'],
  botcheck: ['db/', 'contract/', 'config.ts'],
  retention: ['commands/', 'domain/', 'projections/src/projects/queries.ts'],
  cli: ['compose.ts', 'config.ts', 'db/', 'retention/', 'commands/'],
};

const climb = '^(?:\\.\\./)+';
const moduleOf = (file) => escape(file.replace(/\.ts$/, ''));

/** A read model's query modules: `queries.ts`, or `<topic>Queries.ts` beside it. */
function projectionsAllowed(allowed) {
  const queries = allowed
    .filter((a) => a.startsWith('projections/src/'))
    .map((a) => a.slice('projections/src/'.length).replace(/\.ts$/, ''))
    .map((a) => (a === '*/queries' ? '[^/]+/(?:queries|\\w+Queries)' : escape(a)));
  return queries.length ? `(?!(?:${queries.join('|')})(?:\\.js)?$)` : '';
}

/** The rule of one folder of api/src, from its row of API_TABLE. */
function apiFolderPatterns(folder) {
  return (allowed) => {
    const folders = API_FOLDERS.filter((f) => f !== folder && !allowed.includes(`${f}/`));
    const roots = API_ROOT_MODULES.filter(
      (m) => !API_ANY_FOLDER.includes(m) && !allowed.includes(m),
    );
    const outside = [
      ...(folders.length ? [`${climb}(?:${folders.map(escape).join('|')})/`] : []),
      ...(roots.length ? [`${climb}(?:${roots.map(moduleOf).join('|')})(?:\\.js)?$`] : []),
      `(?:^|/)projections/src/${projectionsAllowed(allowed)}`,
      ...(allowed.includes('wasm/src/') ? [] : ['(?:^|/)wasm/src/']),
    ];
    return [
      ...apiPatterns(API_OUTSIDE),
      {
        regex: outside.map((r) => `(?:${r})`).join('|'),
        message: `api/src/${folder} imports only what its row of the api/README.md table allows: ${allowed.join(', ') || 'nothing of the app'}.`,
      },
    ];
  };
}

function apiFolderBoundaries() {
  return Object.entries(API_TABLE).map(([folder, allowed]) => ({
    readme: 'api/README.md',
    section: `${folder}/`,
    files: [`api/src/${folder}/**/*.ts`],
    allowed,
    patterns: apiFolderPatterns(folder),
  }));
}

/** What web/ may import from outside itself. */
const WEB_ALLOWED = [
  'api/src/contract/',
  'api/src/domain/',
  'wasm/src/core',
  'wasm/src/distanceSplit',
  'wasm/src/errors',
  'wasm/src/protocol',
  'wasm/src/views',
];

function webPatterns(allowed) {
  return [
    {
      regex: outsideAllowed(['api/src', 'projections', 'wasm/src', 'tests', 'scripts'], allowed),
      message:
        'web/ imports only the API contract and browser-safe pure modules (web/README.md "May import").',
    },
    {
      regex: SERVER_PACKAGE_REGEX,
      message: 'web/ never imports server code with I/O (web/README.md).',
    },
  ];
}

/** React and the viewer's screens: what the viewer's pure layers never pull in. */
const REACT_REGEX = '^(?:react|react-dom|@react-three/[^/]+)(?:/.*)?$';

export const importBoundaries = [
  {
    readme: 'web/README.md',
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    allowed: WEB_ALLOWED,
    patterns: webPatterns,
  },
  {
    readme: 'web/README.md',
    section: 'mesh and geometry',
    files: ['web/src/viewer/{mesh,geometry}/**/*.ts', 'web/src/viewer/{mesh,geometry}/**/*.tsx'],
    allowed: WEB_ALLOWED,
    patterns: (allowed) => [
      ...webPatterns(allowed),
      {
        regex: REACT_REGEX,
        message: "the viewer's mesh and geometry layers are pure: no React (web/README.md).",
      },
      {
        regex: '(?:^|/)(?:pages|scene|layout|panels|review|tools)/',
        message:
          "the viewer's mesh and geometry layers import neither pages nor the viewer's React layers (web/README.md).",
      },
    ],
  },
  {
    readme: 'api/README.md',
    files: ['api/**/*.ts'],
    allowed: API_OUTSIDE,
    patterns: apiPatterns,
  },
  ...apiFolderBoundaries(),
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
    allowed: ['zod', 'api/src/domain/'],
    patterns: () => [
      {
        regex: '^(?!(?:zod$|\\./|\\.\\./domain/))',
        message:
          'api/src/contract is browser-safe: zod and pure domain modules only (api/README.md "May import").',
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
