import type { ChecklistItem } from '../../../api/src/domain/checklist.js';
import type { ChecklistChosen, ProjectDeleted } from '../../../api/src/domain/project.js';
import type { RecordedEvent } from '../../../api/src/store/eventStore.js';
import type { Projection, ProjectionContext } from '../projection.js';

export { checklistsOf } from './queries.js';

/**
 * `project_checklists`: the checklist items each project asks the doctor, for the owner's and the
 * doctor's answers. A project without a row asks every item (the default until the lab chooses).
 * A replay of older events never overwrites a newer choice (`revision` guard).
 */
export const checklistsProjection: Projection = {
  name: 'checklists',
  version: 1,
  tables: ['project_checklists'],
  eventTypes: ['ChecklistChosen', 'ProjectDeleted'],
  createSql: (table) => [
    `CREATE TABLE ${table('project_checklists')} (
      project_id uuid PRIMARY KEY,
      items text[] NOT NULL,
      revision bigint NOT NULL
    )`,
  ],
  async apply(ctx: ProjectionContext, recorded: RecordedEvent) {
    const table = ctx.table('project_checklists');
    const event = { type: recorded.type, data: recorded.data } as ChecklistChosen | ProjectDeleted;
    if (event.type === 'ProjectDeleted') {
      await ctx.tx.query(`DELETE FROM ${table} WHERE project_id = $1`, [event.data.projectId]);
      return;
    }
    const items: ChecklistItem[] = event.data.items;
    await ctx.tx.query(
      `INSERT INTO ${table} (project_id, items, revision) VALUES ($1, $2::text[], $3)
       ON CONFLICT (project_id) DO UPDATE SET items = EXCLUDED.items, revision = EXCLUDED.revision
       WHERE ${table}.revision < EXCLUDED.revision`,
      [event.data.projectId, items, recorded.revision.toString()],
    );
  },
};
