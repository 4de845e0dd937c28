import { useEffect, useId, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { DEMO_FEEDBACK_SENT } from '../../messages';
import { toast } from '../../stores/useToastStore';
import { Button } from '../../ui/Button';
import { useViewerStore } from '../store/useViewerStore';

/**
 * The demo's composer: only the local confirmation, nothing is sent. A real
 * link's composer is the conversation's (`review/ThreadPanel`).
 */
function sendDemoComment(): void {
  const s = useViewerStore.getState();
  if (s.mode !== 'demo' || !s.feedbackText.trim()) return;
  toast.success(DEMO_FEEDBACK_SENT);
  s.setFeedbackText('');
}

/**
 * The demo's conversation: only the composer, whose Comment shows the local confirmation and
 * clears the box (nothing is sent).
 */
export function DemoComposer() {
  const { text, setText, composeSeq } = useViewerStore(
    useShallow((s) => ({
      text: s.feedbackText,
      setText: s.setFeedbackText,
      composeSeq: s.composeSeq,
    })),
  );
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (composeSeq > 0) field.current?.focus();
  }, [composeSeq]);
  return (
    <section className="vthread" aria-label="Conversation" aria-busy={false}>
      <p className="vthread__empty">This is the demo: comments are not sent to anyone.</p>
      <form
        className="vthread__compose"
        onSubmit={(e) => {
          e.preventDefault();
          sendDemoComment();
        }}
      >
        <label className="vreview__label" htmlFor={fieldId}>
          New comment
        </label>
        <textarea
          ref={field}
          id={fieldId}
          className="vreview__text"
          rows={3}
          maxLength={5000}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <div className="vthread__buttons">
          <Button type="submit" size="sm" variant="secondary" disabled={text.trim() === ''}>
            Send comment
          </Button>
        </div>
      </form>
    </section>
  );
}
