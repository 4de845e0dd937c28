import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ThreadEntry as ThreadEntryDto } from '../../api/contract';
import { formatDateTime } from '../../components/project/format';
import { Button } from '../../ui/Button';
import { statusLabel } from '../mesh/status';
import { sendComment, setResolved } from './conversationActions';
import { versionLabel } from '../../components/versions/versionText';
import { onOtherVersion, type ThreadNode } from './reviewStore';
import { ChecklistSummary } from '../../components/checklist/ChecklistFields';

export interface ThreadEntryViewProps {
  node: ThreadNode;
  /** This comment is the chosen one (its pin is highlighted). */
  selected: boolean;
  /** The version the viewer shows: a comment made on another reads "on v1". */
  shownVersion: number;
  onSelect: (entry: ThreadEntryDto) => void;
  /** comment id → pin number, for checklist answers that point to a pin. */
  pins: ReadonlyMap<string, number>;
}

const roleLabel = (e: ThreadEntryDto) =>
  e.author?.role === 'technician' ? 'Technician' : 'Doctor';
const authorLabel = (e: ThreadEntryDto) => e.author?.name ?? roleLabel(e);

function Line({ entry }: { entry: ThreadEntryDto }) {
  return (
    <>
      <div className="vthread__meta">
        <strong className="vthread__author">{authorLabel(entry)}</strong>
        <span className="vthread__role">{roleLabel(entry)}</span>
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </div>
      {/* Text, never markup: React escapes it. */}
      <p className="vthread__body">{entry.body}</p>
    </>
  );
}

/** One top-level line: a comment with its replies, or a status change / approval. */
export function ThreadEntryView({
  node,
  selected,
  shownVersion,
  onSelect,
  pins,
}: ThreadEntryViewProps) {
  const { entry, replies } = node;
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState('');
  const [params, setParams] = useSearchParams();
  if (entry.kind !== 'comment') {
    return (
      <li className="vthread__status" data-testid="thread-status">
        {entry.kind === 'approval' ? 'Approved' : `Status: ${statusLabel(entry.status ?? '')}`}
        {entry.author?.name ? ` by ${entry.author.name}` : ''} ·{' '}
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        {entry.checklist?.length ? (
          <ChecklistSummary answers={entry.checklist} pins={pins} />
        ) : null}
      </li>
    );
  }
  const resolved = entry.resolvedAt !== null;
  const other = onOtherVersion(entry, shownVersion) ? entry.version : null;
  /** Shows the version the comment was made on (`?v=n`, as the version switcher does). */
  const showItsVersion = () => {
    if (other === null) return;
    const next = new URLSearchParams(params);
    next.set('v', String(other));
    setParams(next);
  };
  return (
    <li
      className={`vthread__item${selected ? ' vthread__item--selected' : ''}${resolved ? ' vthread__item--resolved' : ''}${other !== null ? ' vthread__item--other-version' : ''}`}
      data-testid="thread-comment"
      data-comment-id={entry.id}
    >
      <button
        type="button"
        className="vthread__choose"
        onClick={() => onSelect(entry)}
        aria-label={
          entry.toolState
            ? 'Show saved view'
            : entry.pin
              ? `Show pin ${entry.pin}`
              : 'Choose comment'
        }
      >
        {entry.pin ? <span className="vpin-badge">{entry.pin}</span> : null}
        <span className="vthread__choose-main">
          <Line entry={entry} />
          {other !== null ? (
            <span className="vthread__flag vthread__flag--version" data-testid="comment-version">
              on {versionLabel(other)}
            </span>
          ) : null}
          {entry.toolState ? (
            <span className="vthread__flag vthread__flag--view" data-testid="saved-view">
              Saved view
            </span>
          ) : null}
          {entry.changesRequested ? <span className="vthread__flag">Changes requested</span> : null}
          {resolved ? <span className="vthread__flag vthread__flag--done">Resolved</span> : null}
        </span>
      </button>
      {entry.checklist?.length ? <ChecklistSummary answers={entry.checklist} pins={pins} /> : null}
      {replies.length > 0 ? (
        <ol className="vthread__replies">
          {replies.map((r) => (
            <li key={r.id} className="vthread__reply" data-testid="thread-reply">
              <Line entry={r} />
            </li>
          ))}
        </ol>
      ) : null}
      {selected && other !== null ? (
        <p className="vthread__hint" role="status">
          Made on {versionLabel(other)}; you are looking at {versionLabel(shownVersion)}.{' '}
          <button type="button" className="vthread__link" onClick={showItsVersion}>
            Show {versionLabel(other)}
          </button>
        </p>
      ) : null}
      <div className="vthread__actions">
        <Button size="sm" variant="ghost" onClick={() => setReplying(!replying)}>
          Reply
        </Button>
        <Button size="sm" variant="ghost" onClick={() => void setResolved(entry.id, !resolved)}>
          {resolved ? 'Reopen' : 'Resolve'}
        </Button>
      </div>
      {replying ? (
        <form
          className="vthread__replyform"
          onSubmit={(e) => {
            e.preventDefault();
            void sendComment(reply, { parentId: entry.id }).then((ok) => {
              if (ok) {
                setReply('');
                setReplying(false);
              }
            });
          }}
        >
          <textarea
            className="vreview__text"
            aria-label="Reply"
            rows={2}
            maxLength={5000}
            value={reply}
            onChange={(e) => setReply(e.currentTarget.value)}
          />
          <Button type="submit" size="sm" variant="secondary" disabled={reply.trim() === ''}>
            Send reply
          </Button>
        </form>
      ) : null}
    </li>
  );
}
