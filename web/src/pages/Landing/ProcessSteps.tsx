import { Icon } from '../../ui/Icon';
import { PROCESS_STEPS } from './landingContent';

/** The four-step process: export and load, organise, send, coordinate. */
export function ProcessSteps() {
  return (
    <div className="process" aria-labelledby="process-title">
      <h3 id="process-title" className="process__title">
        From scan to approval in four steps
      </h3>
      <ol className="process__list">
        {PROCESS_STEPS.map((s, i) => (
          <li key={s.title} className="process__step">
            <span className="process__num" aria-hidden="true">
              {i + 1}
            </span>
            <span className="process__icon">
              <Icon name={s.icon} />
            </span>
            <h4 className="process__step-title">{s.title}</h4>
            <p className="process__step-text">{s.text}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
