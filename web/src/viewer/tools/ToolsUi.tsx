/**
 * The tools over the viewer page: one toolbar (views, measure, section, snapshot, undo) with the
 * keyboard shortcut on every button, the hint of the tool that is on, the measurements' labels
 * and list, and the 2D section panel. At phone width the toolbar folds into one Tools button.
 */
import { useCallback, useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { cx } from '../../ui/classNames';
import { MeasureLabels } from './MeasureLabels';
import { MeasureList } from './MeasureList';
import { SectionPanel } from './SectionPanel';
import {
  openingPlane,
  planeFromView,
  presetPlane,
  PRESET_NAMES,
  type SectionPreset,
} from './sectionPlane';
import { measureHint, sectionHint } from './toolHints';
import { usePointerKind } from './usePointerKind';
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

/**
 * Opens the section through the middle of what is visible on the preset cut that faces the camera
 * best, the near half removed: the view does not move.
 */
function openSection(): void {
  const s = useToolStore.getState();
  const frame = visibleFrame();
  if (!frame) return;
  const cam = s.readCamera?.();
  s.setSection(
    cam
      ? openingPlane(frame, [...cam.position], [...cam.target])
      : presetPlane(frame, 'buccoLingual'),
  );
}

/** Puts the section on a preset plane and turns the camera to look at the cut (asked for). */
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
  const { tool, measureKind, lastView, section, canUndo, indexing, canFinish } = useToolStore(
    useShallow((s) => ({
      tool: s.tool,
      measureKind: s.measureKind,
      lastView: s.lastView,
      section: s.section,
      canUndo: s.measure.undo.length > 0,
      indexing: s.indexing,
      canFinish: s.measure.draft?.kind === 'polyline' && s.measure.draft.points.length >= 2,
    })),
  );
  const pointer = usePointerKind();
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

  useEffect(() => {
    if (tool === 'section' && !section) openSection();
  }, [tool, section]);

  // The tool's hint: at the bottom middle of the 3D area, between the dock and Reset view (on a
  // phone the head of the dock, in its flow: never over the section panel).
  const hint =
    tool === 'measure' ? (
      <p className="vtools-hint" role="status" data-label-obstacle="">
        {measureHint(measureKind, pointer, indexing)}
        {canFinish ? (
          <button
            type="button"
            className="vtools-hint__btn"
            onClick={() => useToolStore.getState().finishDraft()}
          >
            Finish
          </button>
        ) : null}
      </p>
    ) : tool === 'section' ? (
      <p className="vtools-hint" role="status" data-label-obstacle="" data-testid="section-hint">
        {sectionHint(pointer)}
      </p>
    ) : null;

  const s = useToolStore.getState();
  const toolbar = (
    <div
      className={cx('vtools', compact && 'vtools--compact')}
      data-label-obstacle=""
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
      {compact ? null : hint}
      <MeasureLabels />
      <div className={cx('vtools-dock', compact && 'vtools-dock--compact')}>
        {compact ? hint : null}
        <MeasureList compact={compact} />
        {section ? <SectionPanel compact={compact} /> : null}
      </div>
    </>
  );
}
