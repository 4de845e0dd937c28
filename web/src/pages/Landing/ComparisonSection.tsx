import { Icon } from '../../ui/Icon';

const ROWS = [
  {
    topic: 'What the doctor sees',
    others: 'CAD tools that only export screenshots',
    cusp: 'The real 3D model, rotated and zoomed in any browser',
  },
  {
    topic: 'Feedback',
    others: 'No feedback system — replies scatter over e-mail and phone',
    cusp: 'Comments and one-click approval on the case itself',
  },
  {
    topic: 'Link lifetime',
    others: 'Links expire after 30 days*',
    cusp: 'No fixed expiry: delete the project to revoke the link (Quick Upload: 365 days)',
  },
  {
    topic: 'What the doctor needs',
    others: 'Viewer software, a plug-in or an account',
    cusp: 'A browser and the link',
  },
  {
    topic: 'Paper trail',
    others: 'Files passed around by e-mail',
    cusp: 'Full change history of every upload, comment and approval',
  },
] as const;

export function ComparisonSection() {
  return (
    <section id="comparison" className="section section--muted" aria-labelledby="comparison-title">
      <div className="container">
        <div className="section__head">
          <p className="eyebrow">Comparison</p>
          <h2 id="comparison-title" className="section__title">
            A screenshot is not a review
          </h2>
          <p className="section__lead">
            Most CAD workflows end in exported images and a phone call. Cusp keeps the model in 3D
            and the conversation next to it.
          </p>
        </div>
        <div className="compare">
          <table className="compare__table">
            <caption className="visually-hidden">Typical CAD sharing compared with Cusp</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Topic</span>
                </th>
                <th scope="col" className="compare__others-head">
                  Typical CAD sharing
                </th>
                <th scope="col" className="compare__cusp-head">
                  Cusp
                </th>
              </tr>
            </thead>
            <tbody>
              {ROWS.map((r) => (
                <tr key={r.topic}>
                  <th scope="row">{r.topic}</th>
                  <td className="compare__others" data-label="Typical CAD sharing">
                    <Icon name="x" size="sm" className="compare__no" />
                    <span>{r.others}</span>
                  </td>
                  <td className="compare__cusp" data-label="Cusp">
                    <Icon name="check" size="sm" className="compare__yes" />
                    <span>{r.cusp}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="compare__note">
          * Link expiry as stated by a competing service for its share links.
        </p>
      </div>
    </section>
  );
}
