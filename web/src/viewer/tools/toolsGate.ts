/**
 * Opens once the viewer's first complete frame is on screen: only then is the tool code (views,
 * measure, section, snapshot) fetched, so it never competes with the first frame. Part of the
 * first-frame bundle, so it holds nothing but the flag.
 */
import { create } from 'zustand';

interface ToolsGate {
  open: boolean;
}

export const useToolsGate = create<ToolsGate>()(() => ({ open: false }));

export function openToolsGate(): void {
  if (!useToolsGate.getState().open) useToolsGate.setState({ open: true });
}

export function closeToolsGate(): void {
  if (useToolsGate.getState().open) useToolsGate.setState({ open: false });
}
