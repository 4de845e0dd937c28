import { Icon } from '../../ui/Icon';
import { ArchIllustration } from './ArchIllustration';

const LAYERS = [
  { name: 'Upper teeth', tone: 'enamel' },
  { name: 'Gingiva', tone: 'gingiva' },
  { name: 'Abutment 26', tone: 'metal' },
] as const;

/** A still of a review in the Cusp viewer: layers, the arch and the doctor's approval. */
export function HeroPreview() {
  return (
    <figure className="hero-preview" aria-label="Illustration of a case in the Cusp 3D viewer">
      <div className="hero-preview__window">
        <div className="hero-preview__bar" aria-hidden="true">
          <span className="hero-preview__dots">
            <i />
            <i />
            <i />
          </span>
          <span className="hero-preview__url">cusp.dental/viewer/pub_•••••</span>
        </div>
        <div className="hero-preview__stage">
          <ArchIllustration />
          <div className="hero-preview__layers" aria-hidden="true">
            <p className="hero-preview__layers-title">
              <Icon name="layers" size="sm" /> Model Layers
            </p>
            <ul>
              {LAYERS.map((l) => (
                <li key={l.name}>
                  <span className={`swatch swatch--${l.tone}`} />
                  {l.name}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="hero-preview__footer" aria-hidden="true">
          <div className="hero-preview__comment">
            <Icon name="message" size="sm" />
            <span>Contact points look good — approved.</span>
          </div>
          <span className="hero-preview__approve">
            <Icon name="check" size="sm" /> Approved
          </span>
        </div>
      </div>
      <figcaption className="visually-hidden">
        A shared project open in the browser: the upper arch in 3D, its layers with materials, and
        the doctor&apos;s approval.
      </figcaption>
    </figure>
  );
}
