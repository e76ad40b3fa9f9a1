import pino from 'pino';

/** Structured JSON logs (pino). One root logger; requests get children with a request id. */
export function createLogger(level: string) {
  return pino({
    level,
    base: { service: 'tripcrew' },
    redact: { paths: ['req.headers.authorization', 'password', '*.password', 'token', '*.token'], remove: true },
  });
}
export type Logger = pino.Logger;
