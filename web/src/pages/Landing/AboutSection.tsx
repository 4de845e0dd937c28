const FACTS = [
  { value: '€0', label: 'Free. No plans, seats or trials.' },
  { value: '3', label: 'Open formats: STL, PLY and DCM.' },
  { value: '0', label: 'Cookies. Only a sign-in token in your browser.' },
  { value: '256-bit', label: 'AES-GCM keys for patient data at rest.' },
] as const;

export function AboutSection() {
  return (
    <section id="about" className="section section--muted" aria-labelledby="about-title">
      <div className="container about">
        <div className="about__copy">
          <p className="eyebrow">About</p>
          <h2 id="about-title" className="section__title">
            Made by a technician, for technicians
          </h2>
          <p>
            Cusp started at the bench, out of frustration with screenshots, expiring links and
            approvals lost somewhere between e-mail and the phone. It is independent — no CAD
            vendor, no lab chain behind it — and 100% free.
          </p>
          <p>
            It does one job: put the case in front of the doctor in 3D and bring their answer back
            to you, with a record of who did what and when. Your scans stay in open formats, so
            nothing locks you in.
          </p>
        </div>
        <ul className="about__facts">
          {FACTS.map((f) => (
            <li key={f.value} className="about__fact">
              <span className="about__value">{f.value}</span>
              <span className="about__label">{f.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
