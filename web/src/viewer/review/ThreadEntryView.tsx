import { useState } from 'react';
import type { ThreadEntry as ThreadEntryDto } from '../../api/contract';
import { formatDateTime } from '../../components/project/format';
import { Button } from '../../ui/Button';
import { statusLabel } from '../mesh/status';
import { sendComment, setResolved } from './actions';
import type { ThreadNode } from './reviewStore';

export interface ThreadEntryViewProps {
  node: ThreadNode;
  /** This comment is the chosen one (its pin is highlighted). */
  selected: boolean;
  onSelect: (id: string) => void;
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
export function ThreadEntryView({ node, selected, onSelect }: ThreadEntryViewProps) {
  const { entry, replies } = node;
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState('');
  if (entry.kind !== 'comment') {
    return (
      <li className="vthread__status" data-testid="thread-status">
        {entry.kind === 'approval' ? 'Approved' : `Status: ${statusLabel(entry.status ?? '')}`}
        {entry.author?.name ? ` by ${entry.author.name}` : ''} ·{' '}
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </li>
    );
  }
  const resolved = entry.resolvedAt !== null;
  return (
    <li
      className={`vthread__item${selected ? ' vthread__item--selected' : ''}${resolved ? ' vthread__item--resolved' : ''}`}
      data-testid="thread-comment"
      data-comment-id={entry.id}
    >
      <button
        type="button"
        className="vthread__choose"
        onClick={() => onSelect(entry.id)}
        aria-label={entry.pin ? `Show pin ${entry.pin}` : 'Choose comment'}
      >
        {entry.pin ? <span className="vpin-badge">{entry.pin}</span> : null}
        <span className="vthread__choose-main">
          <Line entry={entry} />
          {entry.changesRequested ? <span className="vthread__flag">Changes requested</span> : null}
          {resolved ? <span className="vthread__flag vthread__flag--done">Resolved</span> : null}
        </span>
      </button>
      {replies.length > 0 ? (
        <ol className="vthread__replies">
          {replies.map((r) => (
            <li key={r.id} className="vthread__reply" data-testid="thread-reply">
              <Line entry={r} />
            </li>
          ))}
        </ol>
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
