import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import {
  API_FOLDERS,
  API_ROOT_MODULES,
  API_TABLE,
  importBoundaries,
} from '../../eslint.boundaries.js';

/**
 * The import rules of the folder READMEs, as ESLint runs them: a forbidden import in a file of
 * each part fires `no-restricted-imports`, an allowed one does not, and every allowed target of
 * a rule is written in its README's "May import" paragraph. The tree itself is held to the rules
 * by `eslint .`, the first step of `npm test`.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

const apiReadme = readFileSync(join(root, 'api/README.md'), 'utf8');

/** The "May import" cell of a folder's row in api/README.md's table (`routes/`). */
function tableRow(folder: string): string | undefined {
  const line = apiReadme.split('\n').find((l) => l.startsWith(`| \`${folder}\` |`));
  return line?.split(' | ').at(-1);
}

/** The targets a row names in backquotes: folders (`x/`), root modules (`x.ts`), `wasm/src`, query modules. */
function allowedByRow(cell: string): Set<string> {
  return new Set([...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
}

const cases: { file: string; bad: string[]; good: string[] }[] = [
  {
    file: 'web/src/pages/Example/example.ts',
    bad: [
      "import { loadProjects } from '../../../../api/src/routes/projectService.js';",
      "import { Accounts } from '../../../../api/src/auth/accounts';",
      "import { runner } from '../../../../projections/src/runner';",
      "import { loadMeshModule } from '../../../../wasm/src/node';",
      "import { readdirSync, readFileSync } from 'node:fs';",
      "import { Pool } from 'pg';",
      "import Fastify from 'fastify';",
    ],
    good: [
      "import type { Project } from '../../../../api/src/contract/projects';",
      "import { MATERIALS } from '../../../../api/src/domain/materials';",
      "import { PASSWORD_MIN_LENGTH } from '../../../../api/src/domain/passwordPolicy';",
      "import { MeshError } from '../../../../wasm/src/errors.js';",
      "import { projectsApi } from '../../api/projects';",
      "import { create } from 'zustand';",
    ],
  },
  {
    file: 'api/src/domain/example.ts',
    bad: [
      "import type { Db } from '../db/db.js';",
      "import { z } from 'zod';",
      "import { readFile } from 'node:fs/promises';",
    ],
    good: ["import type { MaterialKey } from './project.js';"],
  },
  {
    file: 'api/src/contract/example.ts',
    bad: [
      "import { loadProjects } from '../routes/projectService.js';",
      "import { PASSWORD_MAX_BYTES } from '../auth/passwordPolicy.js';",
      "import type { AppDeps } from '../deps.js';",
      "import { randomUUID } from 'node:crypto';",
    ],
    good: [
      "import { z } from 'zod';",
      "import { PROJECT_STATUSES } from '../domain/project.js';",
      "import { PASSWORD_MAX_BYTES } from '../domain/passwordPolicy.js';",
      "import { isoInstant } from './common.js';",
    ],
  },
  {
    file: 'api/src/routes/example.ts',
    bad: ["import { ProjectForm } from '../../../web/src/components/project/ProjectForm';"],
    good: ["import { project } from '../contract/projects.js';"],
  },
  {
    file: 'web/src/viewer/mesh/example.ts',
    bad: [
      "import { useState } from 'react';",
      "import { useFrame } from '@react-three/fiber';",
      "import { ViewerPage } from '../../pages/Viewer/ViewerPage';",
      "import { ViewerCanvas } from '../scene/ViewerCanvas';",
      "import { Accounts } from '../../../../api/src/auth/accounts';",
    ],
    good: [
      "import { BufferGeometry } from 'three';",
      "import { pageShared } from '../boot/pageShared';",
      "import type { Project } from '../../../../api/src/contract/projects';",
    ],
  },
  {
    file: 'web/src/viewer/geometry/example.ts',
    bad: [
      "import { createRoot } from 'react-dom/client';",
      "import { DashboardPage } from '../../pages/Dashboard/DashboardPage';",
    ],
    good: [
      "import { MeshBVH } from 'three-mesh-bvh';",
      "import { toViewMesh } from '../mesh/viewMesh';",
    ],
  },
  {
    file: 'projections/src/example/index.ts',
    bad: [
      "import { projectsRoutes } from '../../../api/src/routes/projects.js';",
      "import { Accounts } from '../../../api/src/auth/accounts.js';",
      "import { x } from '../../../web/src/api/paths';",
    ],
    good: [
      "import type { ProjectEvent } from '../../../api/src/domain/project.js';",
      "import type { Db } from '../../../api/src/db/db.js';",
      "import type { EventStore } from '../../../api/src/store/eventStore.js';",
    ],
  },
  {
    file: 'wasm/src/example.ts',
    bad: ["import { MATERIALS } from '../../api/src/domain/materials.js';"],
    good: ["import { MeshError } from './errors.js';"],
  },
];

describe('import boundaries (eslint.boundaries.js)', () => {
  for (const c of cases) {
    it(`refuses what ${c.file.replace(/\/[^/]*$/, '')} may not import, and only that`, async () => {
      for (const line of c.bad) {
        expect(await restricted(c.file, `${line}\nexport {};\n`), line).toHaveLength(1);
      }
      for (const line of c.good) {
        expect(await restricted(c.file, `${line}\nexport {};\n`), line).toEqual([]);
      }
    });
  }

  it('each README\'s "May import" paragraph names every target its rule allows', () => {
    for (const b of importBoundaries.filter((x) => !x.section || !tableRow(x.section))) {
      const text = readFileSync(join(root, b.readme), 'utf8');
      const start = text.indexOf('May import:');
      expect(start, `${b.readme} has a "May import" paragraph`).toBeGreaterThanOrEqual(0);
      const paragraph = text.slice(start, text.indexOf('\n\n', start)).replace(/\s+/g, ' ');
      const folder = b.readme.split('/')[0]!;
      for (const target of b.allowed) {
        // Inside its own README a folder names its paths without its own prefix.
        const local = target.startsWith(`${folder}/`) ? target.slice(folder.length + 1) : target;
        const named = local === './' ? local : local.replace(/\/$/, '');
        expect(paragraph, `${b.readme} names ${target}`).toContain(named);
      }
    }
  });

  it("each row of the api/README.md table names every target its folder's rule allows", () => {
    for (const b of importBoundaries.filter((x) => x.section && tableRow(x.section))) {
      const row = tableRow(b.section!)!;
      for (const target of b.allowed)
        expect(row, `${b.section} names ${target}`).toContain(
          target.replace(/\/$/, target.startsWith('wasm/') ? '' : '/'),
        );
    }
  });

  it('api/README.md has a row, and a rule, for every folder of api/src', () => {
    for (const folder of API_FOLDERS) {
      expect(tableRow(`${folder}/`), `row of ${folder}/`).toBeDefined();
      if (folder !== 'domain' && folder !== 'contract') {
        expect(Object.keys(API_TABLE), `rule of ${folder}/`).toContain(folder);
      }
    }
  });

  for (const folder of API_FOLDERS) {
    it(`lint refuses every import api/src/${folder} is not allowed by its api/README.md row`, async () => {
      const allowed = allowedByRow(tableRow(`${folder}/`) ?? '');
      const imports: { line: string; allowed: boolean }[] = [
        ...API_FOLDERS.filter((f) => f !== folder).map((f) => ({
          line: `import { x } from '../${f}/example.js';`,
          allowed: allowed.has(`${f}/`),
        })),
        ...API_ROOT_MODULES.filter((m) => !['errors.ts', 'deps.ts'].includes(m)).map((m) => ({
          line: `import { x } from '../${m.replace(/\.ts$/, '.js')}';`,
          allowed: allowed.has(m),
        })),
        {
          line: "import { x } from '../../../wasm/src/core.js';",
          allowed: allowed.has('wasm/src'),
        },
        {
          line: "import { x } from '../../../projections/src/users/queries.js';",
          allowed:
            allowed.has('projections/src/*/queries.ts') ||
            allowed.has('projections/src/users/queries.ts'),
        },
        { line: "import { x } from '../../../projections/src/users/index.js';", allowed: false },
        { line: "import { x } from '../../../projections/src/runner.js';", allowed: false },
      ];
      const [result] = await eslint.lintText(
        `${imports.map((i) => i.line).join('\n')}\nexport {};\n`,
        { filePath: join(root, `api/src/${folder}/example.ts`) },
      );
      const refused = new Set(
        (result?.messages ?? [])
          .filter((m) => m.ruleId === 'no-restricted-imports')
          .map((m) => imports[m.line - 1]?.line),
      );
      for (const i of imports) expect(refused.has(i.line), i.line).toBe(!i.allowed);
      // Its own files stay open; errors.ts and deps.ts too, except in the two pure folders.
      const open =
        folder in API_TABLE
          ? "import { x } from './other.js';\nimport { AppError } from '../errors.js';\nimport type { AppDeps } from '../deps.js';"
          : "import { x } from './other.js';";
      expect(await restricted(`api/src/${folder}/example.ts`, `${open}\nexport {};\n`)).toEqual([]);
    });
  }

  it('api/README.md names every folder of api/src', () => {
    const text = readFileSync(join(root, 'api/README.md'), 'utf8');
    const folders = readdirSync(join(root, 'api/src'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(
      folders.filter((f) => !text.includes(`src/${f}/`) && !text.includes(`\`${f}/\``)),
    ).toEqual([]);
  });
});
