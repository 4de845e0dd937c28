import { ButtonLink } from '../../ui/ButtonLink';

export function DemoSection() {
  return (
    <section id="demo" className="section demo" aria-labelledby="demo-title">
      <div className="container">
        <div className="demo__panel">
          <div className="demo__copy">
            <p className="eyebrow eyebrow--on-dark">Demo</p>
            <h2 id="demo-title" className="demo__title">
              See a case the way the doctor does
            </h2>
            <p className="demo__lead">
              Upper and lower teeth, gingiva, tissue and a metal abutment — seven layers to rotate,
              hide and fade. Try approving: in the demo nothing is sent.
            </p>
          </div>
          <div className="demo__ctas">
            <ButtonLink to="/viewer/demo" variant="accent" size="lg" icon="cube">
              View Demo
            </ButtonLink>
            <ButtonLink to="/register" variant="on-dark" size="lg" icon="user">
              Create account
            </ButtonLink>
            <ButtonLink to="/login" variant="on-dark" size="lg" iconAfter="arrow-right">
              Start working
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
