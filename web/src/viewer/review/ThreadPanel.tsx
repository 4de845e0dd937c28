import { useEffect, useId, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { isRefining, useViewerStore } from '../store/useViewerStore';
import { Button } from '../../ui/Button';
import {
  backToReview,
  chooseComment,
  reloadThread,
  requireIdentity,
  sendComment,
} from './conversationActions';
import { threadNodes, useReviewStore } from './reviewStore';
import { ThreadEntryView } from './ThreadEntryView';
import { useViewerLayout } from '../layout/useViewerLayout';
import {
  ChecklistFields,
  checklistAnswersOf,
  type ChecklistDraft,
} from '../../components/checklist/ChecklistFields';

/**
 * The conversation: comments in time order with replies under them and status changes between,
 * numbered pins, Add pin, Show resolved, and the one composer — a comment, optionally pinned and
 * with the view attached, which the doctor can send as a request for changes; the owner can set
 * the case back to Pending Review. The body of the side panel's Conversation tab (wide screens)
 * or of the Conversation sheet (narrow ones).
 */
export function ThreadPanel() {
  const r = useReviewStore(
    useShallow((s) => ({
      entries: s.entries,
      loaded: s.loaded,
      loadFailed: s.loadFailed,
      showResolved: s.showResolved,
      pinMode: s.pinMode,
      pending: s.pendingAnchor,
      attachView: s.attachView,
      selectedId: s.selectedId,
      identity: s.identity,
      busy: s.busy,
    })),
  );
  const { mode, status, shownVersion, refining, composeSeq, checklist } = useViewerStore(
    useShallow((s) => ({
      mode: s.mode,
      status: s.project?.status,
      checklist: s.project?.checklist,
      shownVersion: s.project?.shownVersion ?? 1,
      refining: isRefining(s),
      composeSeq: s.composeSeq,
    })),
  );
  const compact = useViewerLayout() === 'narrow';
  const [text, setText] = useState('');
  const [draft, setDraft] = useState<ChecklistDraft>({});
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  // The Comment button (footer or bottom bar) asks for the composer.
  useEffect(() => {
    if (composeSeq > 0) field.current?.focus();
  }, [composeSeq]);
  const store = useReviewStore.getState;
  const doctor = mode === 'review';
  const nodes = threadNodes(r.entries).filter(
    (n) => r.showResolved || n.entry.kind !== 'comment' || n.entry.resolvedAt === null,
  );
  const asked = doctor && status !== 'approved' ? (checklist ?? []) : [];
  const send = (requestChanges: boolean) =>
    void sendComment(text, {
      requestChanges,
      ...(requestChanges ? { checklist: checklistAnswersOf(asked, draft) } : {}),
    }).then((ok) => {
      if (!ok) return;
      setText('');
      if (requestChanges) setDraft({});
    });
  const pinned = r.entries.filter((e) => e.kind === 'comment' && e.parentId === null && e.pin);
  const pins = new Map(pinned.map((e) => [e.id, e.pin ?? 0]));

  const body = (
    <>
      {doctor ? (
        <p className="vthread__who">
          {r.identity ? (
            <>
              Commenting as <strong>{r.identity.name}</strong>{' '}
              <button
                type="button"
                className="vthread__link"
                onClick={() => void requireIdentity(true)}
              >
                Change
              </button>
            </>
          ) : (
            'You will be asked for your name with your first comment.'
          )}
        </p>
      ) : null}
      <div className="vthread__tools">
        <Button
          size="sm"
          variant={r.pinMode ? 'primary' : 'secondary'}
          icon="plus"
          aria-pressed={r.pinMode}
          // Pins land on the full models, not their coarse levels ("Refining…").
          disabled={refining && !r.pinMode}
          onClick={() => store().setPinMode(!r.pinMode)}
        >
          Add pin
        </Button>
        <label className="vthread__toggle">
          <input
            type="checkbox"
            checked={r.showResolved}
            onChange={(e) => store().setShowResolved(e.currentTarget.checked)}
          />
          Show resolved
        </label>
      </div>
      {r.pinMode ? (
        <p className="vthread__hint" role="status">
          {compact
            ? 'Press and hold on the model to place a pin.'
            : 'Click the model to place a pin.'}
        </p>
      ) : null}
      {!r.loaded && r.loadFailed ? (
        <p className="vthread__empty" role="alert">
          The conversation could not be loaded.{' '}
          <button type="button" className="vthread__link" onClick={() => void reloadThread()}>
            Try again
          </button>
        </p>
      ) : !r.loaded ? (
        <p className="vthread__empty" role="status">
          Loading the conversation…
        </p>
      ) : nodes.length === 0 ? (
        <p className="vthread__empty">No comments yet.</p>
      ) : null}
      <ol className="vthread__list" aria-label="Comments">
        {nodes.map((n) => (
          <ThreadEntryView
            key={n.entry.id}
            node={n}
            selected={n.entry.id === r.selectedId}
            shownVersion={shownVersion}
            pins={pins}
            onSelect={(entry) => {
              void chooseComment(entry);
              // On a phone the sheet would cover what the camera flies to: fold it.
              if (compact && (entry.anchor || entry.toolState))
                useViewerStore.getState().setPanel(null);
            }}
          />
        ))}
      </ol>
      <form
        className="vthread__compose"
        onSubmit={(e) => {
          e.preventDefault();
          send(false);
        }}
      >
        <label className="vreview__label" htmlFor={fieldId}>
          {r.pending ? 'Comment on the new pin' : 'New comment'}
        </label>
        {r.pending ? (
          <p className="vthread__pending" data-testid="pending-pin">
            Pin placed.{' '}
            <button
              type="button"
              className="vthread__link"
              onClick={() => store().setPendingAnchor(null)}
            >
              Remove
            </button>
          </p>
        ) : null}
        <label className="vthread__toggle">
          <input
            type="checkbox"
            checked={r.attachView}
            onChange={(e) => store().setAttachView(e.currentTarget.checked)}
          />
          Attach view &amp; measurements
        </label>
        {asked.length > 0 ? (
          <details className="vthread__checklist">
            <summary>Checklist for a change request</summary>
            <ChecklistFields items={asked} draft={draft} onChange={setDraft} pinned={pinned} />
          </details>
        ) : null}
        <textarea
          ref={field}
          id={fieldId}
          className="vreview__text"
          rows={compact ? 2 : 3}
          maxLength={5000}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <div className="vthread__buttons">
          <Button
            type="submit"
            size="sm"
            variant="secondary"
            loading={r.busy}
            disabled={text.trim() === ''}
          >
            Send comment
          </Button>
          {doctor && status !== 'approved' ? (
            <Button
              size="sm"
              variant="danger"
              disabled={text.trim() === '' || r.busy}
              onClick={() => send(true)}
            >
              Request changes
            </Button>
          ) : null}
          {mode === 'owner' && status === 'pending_revision' ? (
            <Button size="sm" variant="primary" onClick={() => void backToReview()}>
              Back to Pending Review
            </Button>
          ) : null}
        </div>
      </form>
    </>
  );

  return (
    <section className="vthread" aria-label="Conversation" aria-busy={!r.loaded}>
      {body}
    </section>
  );
}
