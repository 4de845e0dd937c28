import { useNavigate } from 'react-router-dom';
import { LINK_EXPIRED_TITLE, LINK_REVOKED_TITLE } from '../../components/link/linkText';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';

/** An expired or withdrawn link: a clear page, nothing of the project. */
export function LinkClosed({ reason }: { reason: 'expired' | 'revoked' }) {
  const navigate = useNavigate();
  return (
    <div className="vmissing" role="alert" data-testid={`link-${reason}`}>
      <div className="vmissing__card">
        <span className="icon-tile">
          <Icon name={reason === 'expired' ? 'alert-circle' : 'lock'} size="lg" />
        </span>
        <h1 className="vmissing__title">
          {reason === 'expired' ? LINK_EXPIRED_TITLE : LINK_REVOKED_TITLE}
        </h1>
        <p className="vmissing__text">
          {reason === 'expired'
            ? 'The sender set this link to stop working after a date. Ask them for a new link.'
            : 'The sender no longer shares this case through this link. Ask them for a new one if you still need it.'}
        </p>
        <Button variant="primary" icon="home" onClick={() => void navigate('/')}>
          Go Home
        </Button>
      </div>
    </div>
  );
}
