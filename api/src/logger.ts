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

/** The process logger (stdout unless `destination` is given: tests read what it writes). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { ...requestSerializers, err: pino.stdSerializers.err },
    base: { service: 'cusp' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}
