import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino, { destination, stdSerializers, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.js';

/** Keys whose values never reach a log line, at whatever depth up to three levels an object puts them. */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'totp',
  'secret',
  'recoveryCodes',
  'nik',
  'no_rekening',
  'receipt_token',
];

/**
 * Paths pino blanks out everywhere: secrets and identity numbers never reach a log line. `code` is blanked
 * only inside a request body (a TOTP or recovery code), so that an error's own `code` (ECONNREFUSED) stays.
 */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  'body.code',
  '*.body.code',
];

const PARAMS_LINE = /params: [^\n]*/g;

function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(PARAMS_LINE, 'params: [redacted]');
  if (!value || typeof value !== 'object' || depth > 5) return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, key === 'params' ? '[redacted]' : scrub(item, depth + 1)]));
}

/**
 * A failed database query (DrizzleQueryError) carries the values it was given in its message, its stack
 * and `params`: a registration's NIK and account number would reach the log through an ordinary 500.
 * The query text (placeholders only) stays; the values go.
 */
export function serializeError(error: Error): ReturnType<typeof stdSerializers.err> {
  // scrub keeps the shape: only string values and `params` change.
  return scrub(stdSerializers.err(error)) as ReturnType<typeof stdSerializers.err>;
}

type LoggedRequest = {
  method: string;
  url: string;
  routeOptions?: { url?: string };
  socket?: { remoteAddress?: string; remotePort?: number };
};

/**
 * Page addresses that carry a secret in a path segment, for requests no route template names (the
 * client's pages go through the not-found handler): the fix page's one-time token.
 */
const SECRET_PAGE_SEGMENTS: [RegExp, string][] = [[/^\/perbaikan\/[^/]+/, '/perbaikan/:token']];

/**
 * What a log line says of a request's address: the route template (`/api/perbaikan/:token`,
 * `/api/uploads/:id`), never the values in its path nor its query string, which carry fix-link tokens,
 * upload ids, an admin's search for a NIK and order-page tokens. A request no route names keeps its path
 * without the query, with secret segments replaced.
 */
export function loggedUrl(request: Pick<LoggedRequest, 'url' | 'routeOptions'>): string {
  const template = request.routeOptions?.url;
  if (template && !template.includes('*')) return template;
  const path = request.url.split('?')[0] ?? '';
  return SECRET_PAGE_SEGMENTS.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), path);
}

function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: loggedUrl(request),
    remoteAddress: request.socket?.remoteAddress,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Written by libuv's pool, not by a blocking write per line on the request's thread: under load the lines
 * of a burst go out in one write. pino flushes what is buffered when the process exits; a SIGKILL can lose
 * the last lines (docs/architecture.md, Departures from library defaults).
 */
export function logDestination(): DestinationStream {
  return destination({ dest: 1, sync: false });
}

export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  if (config.NODE_ENV === 'test') return false;
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, req: serializeRequest },
    stream: stream ?? logDestination(),
  };
}

/**
 * The logger of the one line per completed request: the app's level and stream, without redaction. Its
 * fields are built here from the method, the route template, the address, the status and the time, so no
 * secret can be in them; redacting them anyway (wildcard paths at three depths) took 7 % of the server's
 * CPU samples under the status-lookup load (decision 0034).
 */
export function completionLogger(config: Config, stream: DestinationStream): Logger {
  return pino({ level: config.LOG_LEVEL }, stream);
}

/**
 * One log line per request, written when it completes (method, route template, status, time), instead
 * of Fastify's two ("incoming request", then "request completed" without the request): the default
 * pair took a fifth of the server's CPU on the status lookup at LOG_LEVEL=info (decision 0034).
 */
export class OneLinePerRequest extends LogController {
  /** Without one, the completed line goes through the request's own (redacting) logger. */
  constructor(private readonly completion?: Logger) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    // An error may carry anything: it keeps the redacting logger.
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (!this.completion) reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    else if (this.completion.isLevelEnabled('info')) {
      const line = {
        reqId: request.id,
        req: serializeRequest(request),
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      };
      this.completion.info(line, 'request completed');
    }
  }
}
