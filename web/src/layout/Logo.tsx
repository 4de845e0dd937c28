export interface LogoProps {
  /** Extra class names on the svg. */
  className?: string;
}

/** The Cusp mark: a molar crown on a rounded tile. Decorative; pair it with the word Cusp. */
export function Logo({ className }: LogoProps) {
  return (
    <svg className={className ?? 'logo'} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" className="logo__tile" />
      <path
        className="logo__tooth"
        d="M9 9.5c0-1.9 1.6-3.3 3.5-3 1.3.2 2.3.8 3.5.8s2.2-.6 3.5-.8c1.9-.3 3.5 1.1 3.5 3 0 3.2-1 5.4-1.6 8.3-.5 2.6-.8 6.7-2.6 6.7-1.6 0-1.5-5-2.8-5s-1.2 5-2.8 5c-1.8 0-2.1-4.1-2.6-6.7C10 14.9 9 12.7 9 9.5z"
      />
    </svg>
  );
}
