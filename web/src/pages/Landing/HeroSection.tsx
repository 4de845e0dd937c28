import { ButtonLink } from '../../ui/ButtonLink';
import { Badge } from '../../ui/Badge';
import { Icon } from '../../ui/Icon';
import { HeroPreview } from './HeroPreview';

export function HeroSection() {
  return (
    <section id="hero" className="hero" aria-labelledby="hero-title">
      <div className="hero__glow" aria-hidden="true" />
      <div className="container hero__inner">
        <div className="hero__copy">
          <Badge tone="on-dark" dot>
            100% free · independent · open formats
          </Badge>
          <h1 id="hero-title" className="hero__title">
            Send the scan, not a screenshot.{' '}
            <span className="hero__title-accent">Get approval in 3D.</span>
          </h1>
          <p className="hero__lead">
            Upload STL, PLY or 3Shape DCM files and send the doctor one link. They rotate the model
            in any browser, leave comments and approve — no account, no install.
          </p>
          <div className="hero__ctas">
            <ButtonLink to="/login" variant="accent" size="lg" iconAfter="arrow-right">
              Start Collaboration
            </ButtonLink>
            <ButtonLink to="/public-upload" variant="on-dark" size="lg" icon="upload">
              Quick Upload
            </ButtonLink>
            <ButtonLink to="/viewer/demo" variant="on-dark" size="lg" icon="cube">
              View Demo
            </ButtonLink>
          </div>
          <ul className="hero__trust">
            <li>
              <Icon name="check" size="sm" /> No account for doctors
            </li>
            <li>
              <Icon name="check" size="sm" /> AES-256-GCM at rest
            </li>
            <li>
              <Icon name="check" size="sm" /> Full change history
            </li>
          </ul>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}
