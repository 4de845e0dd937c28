import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { importBoundaries } from '../../eslint.boundaries.js';

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
      "import { PASSWORD_MIN_LENGTH } from '../../../../api/src/auth/passwordPolicy';",
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
      "import type { AppDeps } from '../deps.js';",
      "import { randomUUID } from 'node:crypto';",
    ],
    good: [
      "import { z } from 'zod';",
      "import { PROJECT_STATUSES } from '../domain/project.js';",
      "import { PASSWORD_MAX_BYTES } from '../auth/passwordPolicy.js';",
      "import { isoInstant } from './common.js';",
    ],
  },
  {
    file: 'api/src/routes/example.ts',
    bad: ["import { ProjectForm } from '../../../web/src/components/project/ProjectForm';"],
    good: ["import { project } from '../contract/projects.js';"],
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
    it(`refuses what ${c.file.split('/').slice(0, 3).join('/')} may not import, and only that`, async () => {
      for (const line of c.bad) {
        expect(await restricted(c.file, `${line}\nexport {};\n`), line).toHaveLength(1);
      }
      for (const line of c.good) {
        expect(await restricted(c.file, `${line}\nexport {};\n`), line).toEqual([]);
      }
    });
  }

  it('each README\'s "May import" paragraph names every target its rule allows', () => {
    for (const b of importBoundaries) {
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
