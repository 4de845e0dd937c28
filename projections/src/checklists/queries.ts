import type { SqlExecutor } from '../../../api/src/db/db.js';
import { CHECKLIST_ITEMS, type ChecklistItem } from '../../../api/src/domain/checklist.js';

const known = new Set<string>(CHECKLIST_ITEMS);

/** The items each of the given projects asks (every item for a project that never chose). */
export async function checklistsOf(
  db: SqlExecutor,
  projectIds: readonly string[],
): Promise<Map<string, ChecklistItem[]>> {
  const chosen = new Map<string, ChecklistItem[]>();
  if (projectIds.length > 0) {
    const r = await db.query<{ project_id: string; items: string[] }>(
      'SELECT project_id, items FROM project_checklists WHERE project_id = ANY($1::uuid[])',
      [projectIds],
    );
    for (const row of r.rows) {
      chosen.set(
        row.project_id,
        row.items.filter((i): i is ChecklistItem => known.has(i)),
      );
    }
  }
  return new Map(projectIds.map((id) => [id, chosen.get(id) ?? [...CHECKLIST_ITEMS]]));
}
