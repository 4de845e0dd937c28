/**
 * The tools over the viewer page: one toolbar (views, measure, section, snapshot, undo) with the
 * keyboard shortcut on every button, the list of measurements, and the 2D section panel. At phone
 * width the toolbar folds into one Tools button.
 */
import { useCallback, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { cx } from '../../ui/classNames';
import { MeasureList } from './MeasureList';
import { SectionPanel } from './SectionPanel';
import { planeFromView, presetPlane, PRESET_NAMES, type SectionPreset } from './sectionPlane';
import { KEYS, MEASURE_KEYS, VIEW_KEYS, withKey } from './shortcuts';
import { isRefining, useViewerStore } from '../store/useViewerStore';
import { useToolStore } from './toolStore';
import { useToolKeys } from './useToolKeys';
import { visibleFrame } from './visibleFrame';
import { lensFor } from '../scene/viewFrame';
import { fitPose } from '../../../../wasm/src/views';
import './tools.css';

export interface ToolsUiProps {
  compact: boolean;
}

function KeyCap({ k }: { k: string }) {
  return (
    <kbd className="vtools__key" aria-hidden="true">
      {k}
    </kbd>
  );
}

function ToolButton({
  label,
  keyName,
  pressed,
  onClick,
  disabled,
  testId,
}: {
  label: string;
  keyName: string;
  pressed?: boolean;
  onClick: () => void;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className={cx('vtools__btn', pressed && 'vtools__btn--on')}
      aria-pressed={pressed}
      // The name is the visible label (WCAG 2.5.3); the key is announced as a shortcut.
      aria-keyshortcuts={keyName}
      title={withKey(label, keyName)}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      <span>{label}</span>
      <KeyCap k={keyName} />
    </button>
  );
}

/** Puts the section on a preset plane and turns the camera to look at the cut. */
function applySectionPreset(preset: SectionPreset | 'view'): void {
  const s = useToolStore.getState();
  const frame = visibleFrame();
  if (preset === 'view') {
    const cam = s.readCamera?.();
    const plane = cam && planeFromView([...cam.position], [...cam.target]);
    if (plane) s.setSection(plane);
    return;
  }
  if (!frame) return;
  const plane = presetPlane(frame, preset);
  s.setSection(plane);
  const cam = s.readCamera?.();
  const toCamera: [number, number, number] = [-plane.normal[0], -plane.normal[1], -plane.normal[2]];
  const up = preset === 'horizontal' ? frame.front : frame.up;
  const aspect = window.innerWidth / Math.max(1, window.innerHeight);
  if (cam) s.flyTo(fitPose(frame, toCamera, up, lensFor(35, aspect)));
}

export function ToolsUi({ compact }: ToolsUiProps) {
  const { tool, measureKind, lastView, section, canUndo, indexing } = useToolStore(
    useShallow((s) => ({
      tool: s.tool,
      measureKind: s.measureKind,
      lastView: s.lastView,
      section: s.section,
      canUndo: s.measure.undo.length > 0,
      indexing: s.indexing,
    })),
  );
  // Measure and section need the full models, not their coarse levels.
  const refining = useViewerStore(isRefining);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const snapshot = useCallback(() => {
    const take = useToolStore.getState().takeSnapshot;
    if (!take || busy) return;
    setBusy(true);
    take().finally(() => setBusy(false));
  }, [busy]);
  useToolKeys(snapshot);

  // The section tool opens on the bucco-lingual cut of what is visible.
  useEffect(() => {
    if (tool === 'section' && !section) applySectionPreset('buccoLingual');
  }, [tool, section]);

  const s = useToolStore.getState();
  const toolbar = (
    <div
      className={cx('vtools', compact && 'vtools--compact')}
      role="toolbar"
      aria-label="Viewer tools"
      id="viewer-tools"
    >
      <div className="vtools__group" role="group" aria-label="Views">
        {VIEW_KEYS.map((v) => (
          <ToolButton
            key={v.view}
            label={v.label}
            keyName={v.key}
            pressed={lastView === v.view}
            onClick={() => s.requestView(v.view)}
          />
        ))}
      </div>
      <div className="vtools__group" role="group" aria-label="Measure">
        <ToolButton
          label="Measure"
          keyName={KEYS.measure}
          pressed={tool === 'measure'}
          onClick={() => s.setTool('measure')}
          disabled={refining}
          testId="tool-measure"
        />
        {tool === 'measure'
          ? MEASURE_KEYS.map((k) => (
              <ToolButton
                key={k.kind}
                label={k.label}
                keyName={k.key}
                pressed={measureKind === k.kind}
                onClick={() => s.setMeasureKind(k.kind)}
              />
            ))
          : null}
        <ToolButton label="Undo" keyName={KEYS.undo} onClick={s.undo} disabled={!canUndo} />
      </div>
      <div className="vtools__group" role="group" aria-label="Section">
        <ToolButton
          label="Section"
          keyName={KEYS.section}
          pressed={tool === 'section'}
          onClick={() => s.setTool('section')}
          disabled={refining}
          testId="tool-section"
        />
        {tool === 'section'
          ? (['buccoLingual', 'mesioDistal', 'horizontal'] as const).map((p) => (
              <button
                key={p}
                type="button"
                className="vtools__btn"
                onClick={() => applySectionPreset(p)}
              >
                {PRESET_NAMES[p]}
              </button>
            ))
          : null}
        {tool === 'section' ? (
          <button type="button" className="vtools__btn" onClick={() => applySectionPreset('view')}>
            From view
          </button>
        ) : null}
      </div>
      <div className="vtools__group" role="group" aria-label="Snapshot">
        <ToolButton
          label="Snapshot"
          keyName={KEYS.snapshot}
          onClick={snapshot}
          disabled={busy}
          testId="snapshot"
        />
      </div>
    </div>
  );

  return (
    <>
      {compact ? (
        <button
          type="button"
          className={cx('vtools-toggle', open && 'vtools-toggle--open')}
          aria-expanded={open}
          aria-controls="viewer-tools"
          onClick={() => setOpen(!open)}
        >
          Tools
        </button>
      ) : null}
      {!compact || open ? toolbar : null}
      {tool === 'measure' ? (
        <p className="vtools-hint" role="status">
          {indexing
            ? 'Preparing the models for measuring…'
            : measureKind === 'polyline'
              ? 'Tap points on the model; Enter finishes the line.'
              : measureKind === 'angle'
                ? 'Tap three points: the angle is at the second.'
                : 'Tap two points on the model.'}
        </p>
      ) : null}
      <div className={cx('vtools-dock', compact && 'vtools-dock--compact')}>
        <MeasureList compact={compact} />
        {section ? <SectionPanel compact={compact} /> : null}
      </div>
    </>
  );
}
