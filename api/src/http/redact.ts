/**
 * Share tokens are capabilities: whoever reads a log line with one can open the project.
 * Every URL that reaches a log passes through here first.
 */
const TOKEN_PATHS: RegExp[] = [
  /(\/viewer\/)[^/?#]+/g,
  /(\/api\/public\/projects\/)[^/?#]+/g,
  /(\/api\/verify-email\/)[^/?#]+/g,
  /(\/verify-email\?token=)[^&#]+/g,
];

export function redactUrl(url: string): string {
  let out = url;
  for (const re of TOKEN_PATHS) out = out.replace(re, '$1[redacted]');
  return out.replace(/([?&](?:token|publicToken)=)[^&#]+/gi, '$1[redacted]');
}
