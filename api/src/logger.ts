import pino, { type Logger } from 'pino';
import { requestSerializers } from './app.js';

/** Paths pino blanks in every log line: credentials, tokens and personal fields. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.token',
  '*.publicToken',
  '*.email',
  '*.doctorEmail',
  '*.patientName',
  '*.laboratoryName',
  '*.companyName',
  '*.comment',
];

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { ...requestSerializers, err: pino.stdSerializers.err },
    base: { service: 'cusp' },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
