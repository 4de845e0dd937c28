/**
 * The measurements' labels over the canvas: one per measurement (a polyline's total, not a label
 * per point), each on its anchor unless that spot is taken by another label or by a panel over
 * the canvas (the measurement list, the toolbar, the side panels); a moved label gets a leader
 * line back to its point (labelLayout.ts). Positions are written to the elements directly, once
 * per drawn frame, never through React state.
 */
import { useLayoutEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { labelFeed } from './labelFeed';
import { leaderEnd, placeLabels, type LabelRequest } from './labelLayout';
import { labelOf, type Measurement } from './measureModel';
import { OBSTACLES, obstacleRects } from './overlayObstacles';
import { useToolStore } from './toolStore';

export function MeasureLabels() {
  const { measurements, draft } = useToolStore(
    useShallow((s) => ({ measurements: s.measure.measurements, draft: s.measure.draft })),
  );
  const overlay = useRef<HTMLDivElement>(null);
  const labelled: { m: Measurement; text: string; draft: boolean }[] = [];
  for (const m of measurements) labelled.push({ m, text: labelOf(m), draft: false });
  if (draft) labelled.push({ m: draft, text: labelOf(draft), draft: true });
  const shown = labelled.filter((l) => l.text !== '');

  useLayoutEffect(() => {
    const root = overlay.current;
    if (!root) return;
    const relayout = () => {
      const canvas = labelFeed.canvas;
      const labels = [...root.querySelectorAll<HTMLElement>('.vmeasure-label')];
      const leaders = [...root.querySelectorAll<SVGLineElement>('.vmeasure-leader')];
      const box = root.getBoundingClientRect();
      const at = canvas?.getBoundingClientRect();
      const requests: LabelRequest[] = [];
      const byId = new Map<string, { el: HTMLElement; x: number; y: number }>();
      // Every read first, then every write: one layout per frame.
      for (const el of labels) {
        const id = el.dataset.id ?? '';
        const a = at ? labelFeed.anchors.get(id) : undefined;
        if (!a || !at) continue;
        const x = a.x + at.left - box.left;
        const y = a.y + at.top - box.top;
        byId.set(id, { el, x, y });
        requests.push({ id, anchorX: x, anchorY: y, w: el.offsetWidth, h: el.offsetHeight });
      }
      const placed = placeLabels(requests, obstacleRects(box), {
        x: 0,
        y: 0,
        w: box.width,
        h: box.height,
      });
      const spots = new Map(placed.map((p) => [p.id, p]));
      for (const el of labels) {
        const p = spots.get(el.dataset.id ?? '');
        el.classList.toggle('vmeasure-label--off', !p);
        // A per-frame position: set through the CSSOM, which the strict CSP allows.
        if (p) el.style.transform = `translate(${p.rect.x}px, ${p.rect.y}px)`;
      }
      for (const line of leaders) {
        const id = line.dataset.id ?? '';
        const p = spots.get(id);
        const a = byId.get(id);
        if (!p || !a || !p.moved) {
          line.setAttribute('visibility', 'hidden');
          continue;
        }
        const [x2, y2] = leaderEnd(p.rect, a.x, a.y);
        line.setAttribute('x1', a.x.toFixed(1));
        line.setAttribute('y1', a.y.toFixed(1));
        line.setAttribute('x2', x2.toFixed(1));
        line.setAttribute('y2', y2.toFixed(1));
        line.setAttribute('visibility', 'visible');
      }
    };
    labelFeed.relayout = relayout;
    relayout();
    // The list growing (or any panel resizing) frees or takes room without a new frame.
    const watch = new ResizeObserver(relayout);
    for (const el of document.querySelectorAll(OBSTACLES)) watch.observe(el);
    watch.observe(root);
    return () => {
      watch.disconnect();
      if (labelFeed.relayout === relayout) labelFeed.relayout = null;
    };
  });

  return (
    <div className="vmeasure-labels" ref={overlay} aria-hidden={shown.length === 0}>
      <svg className="vmeasure-leaders" aria-hidden="true">
        {shown.map(({ m }) => (
          <line key={m.id} className="vmeasure-leader" data-id={m.id} visibility="hidden" />
        ))}
      </svg>
      {shown.map(({ m, text, draft: d }) => (
        <div
          key={m.id}
          className={d ? 'vmeasure-label vmeasure-label--draft' : 'vmeasure-label'}
          data-id={m.id}
          data-testid="measure-label"
        >
          {text}
        </div>
      ))}
    </div>
  );
}
