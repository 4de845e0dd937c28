import { useLayoutEffect, useRef } from 'react';

export interface ColorDotProps {
  /** CSS colour of the material. */
  color: string;
}

/**
 * The material's colour dot. The colour is set through the CSSOM (element.style), which the
 * viewer's `style-src 'self'` CSP allows, unlike an inline style attribute in markup.
 */
export function ColorDot({ color }: ColorDotProps) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    ref.current?.style.setProperty('--dot', color);
  }, [color]);
  return <span ref={ref} className="vl-dot" data-color={color} aria-hidden="true" />;
}
