import pino from 'pino';

/**
 * Structured JSON logs (pino), one record a line, to stdout unless `destination` says otherwise
 * (tests read the lines). One root logger; requests get children with a request id.
 */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'tripcrew' },
    redact: { paths: ['req.headers.authorization', 'password', '*.password', 'token', '*.token'], remove: true },
  };
  return destination ? pino(options, destination) : pino(options);
}
export type Logger = pino.Logger;
