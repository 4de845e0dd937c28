import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { reloadThread, restoreIdentity } from './actions';
import { IdentityDialog } from './IdentityDialog';
import { useReviewStore } from './reviewStore';
import { ThreadPanel } from './ThreadPanel';
import './review.css';

export interface ReviewLayerProps {
  /** Phone: the thread is a bottom sheet. */
  compact: boolean;
  /** `?panel=thread` (a dashboard "Needs attention" item): the phone's sheet opens unfolded. */
  openThread?: boolean;
}

/**
 * The conversation's page part, loaded after the viewer's first frame: the thread panel (bottom
 * sheet on a phone) and the doctor's name prompt.
 */
export default function ReviewLayer({ compact, openThread = false }: ReviewLayerProps) {
  const { prompt, identity } = useReviewStore(
    useShallow((s) => ({ prompt: s.identityPrompt, identity: s.identity })),
  );
  useEffect(() => {
    restoreIdentity();
    void reloadThread();
    return () => useReviewStore.getState().reset();
  }, []);
  useEffect(() => {
    if (openThread) useReviewStore.getState().setSheetOpen(true);
  }, [openThread]);
  return (
    <>
      <ThreadPanel compact={compact} />
      {prompt ? <IdentityDialog initial={identity} onDone={prompt} /> : null}
    </>
  );
}
