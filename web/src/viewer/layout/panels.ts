import type { IconName } from '../../ui/Icon';
import type { ViewerLayout } from './useViewerLayout';
import type { ViewerMode, ViewerPanel } from '../store/useViewerStore';

/** The viewer's panels in the order their tabs and bar buttons show. */
export const PANELS: readonly { id: ViewerPanel; label: string; icon: IconName }[] = [
  { id: 'layers', label: 'Layers', icon: 'layers' },
  { id: 'info', label: 'Info', icon: 'info' },
  { id: 'thread', label: 'Conversation', icon: 'message' },
];

/** Title of a panel's tab, sheet and region. */
export const panelLabel = (id: ViewerPanel): string => PANELS.find((p) => id === p.id)!.label;

/**
 * The panel open when the viewer starts: on a wide screen one tab of the side panel (the project's
 * info, or the conversation when a link asked for it), on a narrow one none — the model has the
 * screen and the sheets open on demand (or the conversation, when asked for).
 */
export function initialPanel(layout: ViewerLayout, askedThread: boolean): ViewerPanel | null {
  if (askedThread) return 'thread';
  return layout === 'wide' ? 'info' : null;
}

/** The doctor's modes: Approve and Comment are always in reach. */
export const isReviewing = (mode: ViewerMode): boolean => mode === 'review' || mode === 'demo';
