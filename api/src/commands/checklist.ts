import type { AppDeps } from '../deps.js';
import type { ChecklistItem } from '../domain/checklist.js';
import type { CommandContext } from './handleCommand.js';
import { runProjectCommand } from './projectCommand.js';

/** The lab chooses which checklist items the doctor is asked; answers the items now asked. */
export async function chooseChecklist(
  deps: AppDeps,
  input: { projectId: string; items: ChecklistItem[] },
  ctx: CommandContext,
): Promise<ChecklistItem[]> {
  const { projectId, items } = input;
  const { newState } = await runProjectCommand(
    deps,
    projectId,
    { type: 'ChooseChecklist', data: { projectId, items, now: deps.now().toISOString() } },
    ctx,
  );
  return newState.status === 'active' ? [...newState.checklist] : items;
}
