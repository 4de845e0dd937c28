import { LINK_COPIED } from '../../messages';
import { toast } from '../../stores/useToastStore';
import { useViewerStore } from '../store/useViewerStore';

/** The link this viewer can be shared by: the public link, else this page. */
export function shareLink(): string {
  const s = useViewerStore.getState();
  const origin = window.location.origin;
  if (s.mode === 'demo') return `${origin}/viewer/demo`;
  const id = s.project?.publicToken ?? s.project?.id;
  return id ? `${origin}/viewer/${id}` : window.location.href;
}

export async function copyLink(): Promise<void> {
  const link = shareLink();
  try {
    await navigator.clipboard.writeText(link);
  } catch {
    // Clipboard API refused (insecure context, permissions): fall back to a selection copy.
    const ta = document.createElement('textarea');
    ta.value = link;
    ta.setAttribute('readonly', '');
    ta.className = 'visually-hidden';
    document.body.appendChild(ta);
    ta.select();
    document.execCommand('copy');
    ta.remove();
  }
  toast.success(LINK_COPIED);
}
