/**
 * The 2D section panel: a legend (each model's outline colour and name), where the plane is (its
 * offset from the middle of the models), the cut outlines occlusal side up with a scale bar. The
 * doctor draws a line across two walls (two clicks or taps) and reads the gap or thickness between
 * the outlines along it and the nearest distance (outlineGap.ts).
 */
import { useMemo, useState, type PointerEvent } from 'react';
import { cx } from '../../ui/classNames';
import { formatMm } from '../geometry/measure';
import { gapAlongLine, nearestOnOutline, type OutlineGap } from '../geometry/outlineGap';
import { fitOutlines, fromPanel, outlinePath, scaleBar, toPanel } from './sectionDrawing';
import { formatOffset, planeOffset } from './sectionPlane';
import { useSectionResult, type SectionPart } from './sectionResult';
import { useToolStore } from './toolStore';
import { pressVerb, usePointerKind } from './usePointerKind';
import { visibleFrame } from './visibleFrame';

const W = 300;
const H = 200;
const COMPACT_W = 340;
const COMPACT_H = 150;

function nearestPart(parts: readonly SectionPart[], u: number, v: number): SectionPart | null {
  let best: SectionPart | null = null;
  let bestD = Infinity;
  for (const p of parts) {
    const q = nearestOnOutline({ outline: p.outline }, u, v);
    if (!q) continue;
    const d = Math.hypot(q.u - u, q.v - v);
    if (d < bestD) {
      bestD = d;
      best = p;
    }
  }
  return best;
}

export function SectionPanel({ compact }: { compact: boolean }) {
  const parts = useSectionResult((s) => s.parts);
  const plane = useToolStore((s) => s.section);
  const center = visibleFrame()?.center;
  const verb = pressVerb(usePointerKind());
  const width = compact ? COMPACT_W : W;
  const height = compact ? COMPACT_H : H;
  const fit = useMemo(
    () =>
      fitOutlines(
        parts.map((p) => p.outline),
        width,
        height,
      ),
    [parts, width, height],
  );
  const [line, setLine] = useState<[number, number][]>([]);
  // Folded, the panel is one line (offset and legend): the view behind it is free.
  const [open, setOpen] = useState(true);

  const gap: OutlineGap | null = useMemo(() => {
    if (line.length < 2) return null;
    const [a, b] = line as [[number, number], [number, number]];
    const from = nearestPart(parts, a[0], a[1]);
    const to = nearestPart(parts, b[0], b[1]);
    if (!from || !to) return null;
    return gapAlongLine({ outline: from.outline }, { outline: to.outline }, a, b);
  }, [line, parts]);

  const onPointer = (e: PointerEvent<SVGSVGElement>) => {
    if (!fit) return;
    const r = e.currentTarget.getBoundingClientRect();
    const x = ((e.clientX - r.left) / r.width) * width;
    const y = ((e.clientY - r.top) / r.height) * height;
    const uv = fromPanel(fit, x, y);
    setLine((l) => (l.length >= 2 ? [uv] : [...l, uv]));
  };

  const bar = fit ? scaleBar(fit.scale, width / 4) : null;
  const at = (uv: readonly [number, number]) => (fit ? toPanel(fit, uv[0], uv[1]) : [0, 0]);
  return (
    <section
      className={cx('vsection', compact && 'vsection--compact')}
      aria-label="Section"
      data-testid="section-panel"
      data-label-obstacle=""
    >
      <header className="vsection__head">
        <h2 className="vsection__title">Section</h2>
        {plane && center ? (
          <span className="vsection__offset" data-testid="section-offset">
            {formatOffset(planeOffset(plane, center))} from the middle
          </span>
        ) : null}
        <button
          type="button"
          className="vsection__fold"
          aria-expanded={open}
          aria-controls="viewer-section-profile"
          onClick={() => setOpen(!open)}
        >
          Profile
        </button>
      </header>
      <ul className="vsection__legend" aria-label="Outline colours" data-testid="section-legend">
        {parts.map((p) => (
          <li key={p.modelId} className="vsection__chip">
            <svg width="10" height="10" aria-hidden="true">
              <circle cx="5" cy="5" r="5" fill={p.colour} />
            </svg>
            {p.name}
          </li>
        ))}
      </ul>
      <div id="viewer-section-profile" hidden={!open}>
        {parts.length === 0 || !fit ? (
          <p className="vsection__empty">The plane does not cut a visible model.</p>
        ) : (
          <svg
            className="vsection__svg"
            viewBox={`0 0 ${width} ${height}`}
            role="img"
            aria-label={`Section profile; ${verb.toLowerCase()} two points to measure a gap or thickness`}
            onPointerDown={onPointer}
            data-testid="section-svg"
          >
            {parts.map((p) => (
              <path
                key={p.modelId}
                d={outlinePath(p.outline, fit)}
                fill="none"
                stroke={p.colour}
                strokeWidth={1.6}
                data-testid="section-outline"
              />
            ))}
            {line.length >= 1 ? (
              <circle cx={at(line[0]!)[0]} cy={at(line[0]!)[1]} r={3} className="vsection__pt" />
            ) : null}
            {line.length === 2 ? (
              <line
                x1={at(line[0]!)[0]}
                y1={at(line[0]!)[1]}
                x2={at(line[1]!)[0]}
                y2={at(line[1]!)[1]}
                className="vsection__ruler"
              />
            ) : null}
            {gap?.along ? (
              <line
                x1={at([gap.from.u, gap.from.v])[0]}
                y1={at([gap.from.u, gap.from.v])[1]}
                x2={at([gap.along.u, gap.along.v])[0]}
                y2={at([gap.along.u, gap.along.v])[1]}
                className="vsection__gap"
              />
            ) : null}
            {bar ? (
              <g className="vsection__bar" data-testid="scale-bar">
                <line x1={12} y1={height - 12} x2={12 + bar.px} y2={height - 12} />
                <line x1={12} y1={height - 17} x2={12} y2={height - 7} />
                <line x1={12 + bar.px} y1={height - 17} x2={12 + bar.px} y2={height - 7} />
                <text x={12 + bar.px / 2} y={height - 20} textAnchor="middle">
                  {bar.label}
                </text>
              </g>
            ) : null}
          </svg>
        )}
        <p className="vsection__result" role="status" data-testid="section-gap">
          {line.length < 2
            ? `${verb} two points across the walls to measure.`
            : gap
              ? `Along the line: ${gap.alongDistance === null ? '–' : formatMm(gap.alongDistance)} · nearest: ${gap.nearestDistance === null ? '–' : formatMm(gap.nearestDistance)}`
              : 'The line does not cross an outline.'}
        </p>
      </div>
    </section>
  );
}
