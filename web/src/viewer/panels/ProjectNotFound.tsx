import { useNavigate } from 'react-router-dom';
import { PROJECT_NOT_FOUND } from '../../messages';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';

/** A missing project. */
export function ProjectNotFound() {
  const navigate = useNavigate();
  return (
    <div className="vmissing" role="alert">
      <div className="vmissing__card">
        <span className="icon-tile">
          <Icon name="alert-circle" size="lg" />
        </span>
        <h1 className="vmissing__title">{PROJECT_NOT_FOUND}</h1>
        <p className="vmissing__text">
          The project you are looking for does not exist or has been removed.
        </p>
        <Button variant="primary" icon="home" onClick={() => void navigate('/')}>
          Go Home
        </Button>
      </div>
    </div>
  );
}
