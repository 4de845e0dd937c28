import { useId, useState } from 'react';
import { projectsApi } from '../../api/projects';
import { toast } from '../../stores/useToastStore';
import {
  CHECKLIST_ITEMS,
  CHECKLIST_LABELS,
  type ChecklistItem,
} from '../../../../api/src/domain/checklist';
import { useViewerStore } from '../store/useViewerStore';

/**
 * The owner picks which checklist items the doctor is asked with an approval or a change
 * request; each tick is saved at once (a failed save puts the tick back and says so).
 */
export function OwnerChecklistSection({ projectId }: { projectId: string }) {
  const asked = useViewerStore((s) => s.project?.checklist ?? []);
  const [saving, setSaving] = useState(false);
  const hint = useId();
  const save = async (items: ChecklistItem[]) => {
    const before = asked;
    useViewerStore.getState().setChecklist(items);
    setSaving(true);
    try {
      const r = await projectsApi.setChecklist(projectId, { items });
      useViewerStore.getState().setChecklist(r.checklist);
    } catch {
      useViewerStore.getState().setChecklist([...before]);
      toast.error('The checklist could not be saved. Please try again.');
    } finally {
      setSaving(false);
    }
  };
  return (
    <section
      className="vinfo__checklist"
      aria-label="Clinical checklist"
      data-testid="owner-checklist"
    >
      <h2 className="vinfo__checklist-h">Clinical checklist</h2>
      <p className="vinfo__checklist-hint" id={hint}>
        Asked with the doctor&apos;s approval or change request. Untick all to ask none.
      </p>
      <ul className="vinfo__checklist-items" aria-describedby={hint} aria-busy={saving}>
        {CHECKLIST_ITEMS.map((item) => (
          <li key={item}>
            <label>
              <input
                type="checkbox"
                checked={asked.includes(item)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  void save(CHECKLIST_ITEMS.filter((i) => (i === item ? on : asked.includes(i))));
                }}
              />
              {CHECKLIST_LABELS[item]}
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
