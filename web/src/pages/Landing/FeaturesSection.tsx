import { Card } from '../../ui/Card';
import { Icon } from '../../ui/Icon';
import { FEATURES } from './landingContent';
import { ProcessSteps } from './ProcessSteps';

export function FeaturesSection() {
  return (
    <section id="features" className="section" aria-labelledby="features-title">
      <div className="container">
        <div className="section__head">
          <p className="eyebrow">Features</p>
          <h2 id="features-title" className="section__title">
            Everything a case review needs
          </h2>
          <p className="section__lead">
            Built around how labs and practices actually work: one link per case, the model in 3D,
            and a clear answer from the doctor.
          </p>
        </div>
        <ul className="feature-grid">
          {FEATURES.map((f) => (
            <Card as="li" key={f.title} className="feature" interactive>
              <span className="icon-tile">
                <Icon name={f.icon} />
              </span>
              <h3 className="feature__title">{f.title}</h3>
              <p className="feature__text">{f.text}</p>
            </Card>
          ))}
        </ul>
        <ProcessSteps />
      </div>
    </section>
  );
}
