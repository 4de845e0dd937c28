import { useMemo } from 'react';
import { archPath, archTeeth } from './archGeometry';

/** An occlusal view of an upper arch with one metal abutment highlighted, drawn as SVG. */
export function ArchIllustration() {
  const teeth = useMemo(() => archTeeth(), []);
  const gum = useMemo(() => archPath(), []);
  return (
    <svg className="arch" viewBox="0 0 360 250" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="arch-enamel" cx="40%" cy="35%" r="75%">
          <stop offset="0%" stopColor="#ffffff" />
          <stop offset="60%" stopColor="#f1ece2" />
          <stop offset="100%" stopColor="#d9cfbf" />
        </radialGradient>
        <radialGradient id="arch-metal" cx="35%" cy="30%" r="80%">
          <stop offset="0%" stopColor="#f8fafc" />
          <stop offset="55%" stopColor="#b8c2cc" />
          <stop offset="100%" stopColor="#7b8794" />
        </radialGradient>
        <linearGradient id="arch-gum" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0%" stopColor="#f3a6ad" />
          <stop offset="100%" stopColor="#d9747f" />
        </linearGradient>
      </defs>
      <path d={gum} className="arch__gum" stroke="url(#arch-gum)" />
      <path d={gum} className="arch__gum-inner" />
      {teeth.map((t) => {
        const metal = t.id === 'l6';
        return (
          <g
            key={t.id}
            transform={`translate(${t.x.toFixed(1)} ${t.y.toFixed(1)}) rotate(${t.angle.toFixed(1)})`}
          >
            {metal ? <ellipse rx={t.rx + 6} ry={t.ry + 6} className="arch__focus" /> : null}
            <ellipse
              rx={t.rx}
              ry={t.ry}
              className={metal ? 'arch__tooth arch__tooth--metal' : 'arch__tooth'}
              fill={metal ? 'url(#arch-metal)' : 'url(#arch-enamel)'}
            />
            {t.kind === 'molar' || t.kind === 'premolar' ? (
              <path
                d={`M${(-t.rx * 0.45).toFixed(1)} 0 Q0 ${(t.ry * 0.35).toFixed(1)} ${(t.rx * 0.45).toFixed(1)} 0`}
                className="arch__fissure"
              />
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
