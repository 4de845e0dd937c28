import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { reloadThread, restoreIdentity } from './conversationActions';
import { IdentityDialog } from './IdentityDialog';
import { useReviewStore } from './reviewStore';
import './review.css';

export { ThreadPanel } from './ThreadPanel';

/**
 * The conversation's page part, loaded after the viewer's first frame: it loads the thread and
 * the doctor's name, and shows the name prompt. The thread itself is drawn by the side panel's
 * Conversation tab or sheet (`ThreadPanel`, from this same chunk).
 */
export default function ReviewLayer() {
  const { prompt, identity } = useReviewStore(
    useShallow((s) => ({ prompt: s.identityPrompt, identity: s.identity })),
  );
  useEffect(() => {
    restoreIdentity();
    void reloadThread();
    return () => useReviewStore.getState().reset();
  }, []);
  return prompt ? <IdentityDialog initial={identity} onDone={prompt} /> : null;
}
