/** The tools' keyboard shortcuts (shortcuts.ts), on the whole page except while typing. */
import { useLayoutEffect } from 'react';
import { isRefining, useViewerStore } from '../store/useViewerStore';
import { useToolStore } from './toolStore';
import { movePlane, PLANE_STEP_MM } from './sectionPlane';
import { MEASURE_KEYS, NUDGE_KEYS, VIEW_KEYS } from './shortcuts';
import { visibleFrame } from './visibleFrame';

function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return el.isContentEditable || el.closest('input, textarea, select, [contenteditable]') !== null;
}

export function useToolKeys(onSnapshot: () => void): void {
  // Before the toolbar is painted: a key pressed the moment its buttons show is not lost.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || typing(e.target) || e.altKey || e.metaKey) return;
      const s = useToolStore.getState();
      const key = e.key.length === 1 ? e.key.toUpperCase() : e.key;
      if (e.ctrlKey) {
        if (key === 'Z') {
          s.undo();
          e.preventDefault();
        }
        return;
      }
      const nudge = Object.hasOwn(NUDGE_KEYS, e.key) ? NUDGE_KEYS[e.key] : undefined;
      if (nudge !== undefined) {
        // The section tool's plane moves along its normal: 0.1 mm, with Shift 1 mm.
        const center = visibleFrame()?.center;
        if (s.tool !== 'section' || !s.section || !center) return;
        const step = e.shiftKey ? 1 : PLANE_STEP_MM;
        s.setSection(movePlane(s.section, center, nudge * step));
        e.preventDefault();
        return;
      }
      const view = VIEW_KEYS.find((v) => v.key === key);
      const kind = MEASURE_KEYS.find((k) => k.key === key);
      if (view) s.requestView(view.view);
      else if (kind) s.setMeasureKind(kind.kind);
      // Measure and section need the full models, not their coarse levels.
      else if (key === 'M' && !isRefining(useViewerStore.getState())) s.setTool('measure');
      else if (key === 'S' && !isRefining(useViewerStore.getState())) s.setTool('section');
      else if (key === 'C') onSnapshot();
      else if (key === 'Z') s.undo();
      else if (key === 'Enter' && s.measure.draft) s.finishDraft();
      else if (key === 'Delete' || key === 'Backspace') {
        const last = s.measure.measurements[s.measure.measurements.length - 1];
        if (last) s.deleteMeasurement(last.id);
        else return;
      } else if (key === 'Escape') {
        // Leaves the tool at once; leaving measure finishes a polyline (drops a shorter draft).
        if (s.tool !== 'none') s.setTool(s.tool);
        else return;
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onSnapshot]);
}
