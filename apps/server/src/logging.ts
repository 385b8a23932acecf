import pino, { type Logger, type LoggerOptions } from 'pino';

/** JSON lines to stdout (pino), at LOG_LEVEL (default info: one line per request); authorization never logged. */
export function loggerOptions(level = process.env.LOG_LEVEL || 'info'): LoggerOptions {
  return { level, redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '***' } };
}

/**
 * The start, its failure and the stop are logged at info but shown at any LOG_LEVEL short of `silent`: an operator
 * who turned the request lines off with `warn` still sees when and where the server started and stopped (and the
 * tools that wait for the start line keep working).
 */
export function lifecycleLogger(): Logger {
  const level = loggerOptions().level!;
  const quieter = level !== 'silent' && (pino.levels.values[level] ?? 0) > pino.levels.values.info!;
  return pino(loggerOptions(quieter ? 'info' : level));
}
