/**
 * How the plugin speaks to the user: the name it signs its messages and errors with, and
 * warnings handed to Eleventy's logger once per build.
 */
import { RobotsError } from '@robots-kit/core/internal/build';
import type { EleventyLogger } from './types.js';

/** The package name, used in messages and as the transform's name. */
export const PLUGIN_NAME = '@robots-kit/eleventy';

/** Where the plugin's options are written, for messages. */
export const OPTIONS_SOURCE = 'addPlugin options';

/** How a line is logged: `info` for notes, `error` for audit errors. */
export type LogLevel = 'warn' | 'info' | 'error';

/**
 * Adds this package, and the file the problem is in when known, to a core error;
 * other errors pass through.
 */
export function locateError(error: unknown, source: string | undefined): unknown {
  if (!(error instanceof RobotsError)) return error;
  return withoutStack(
    error.withContext(source === undefined ? { package: PLUGIN_NAME } : { package: PLUGIN_NAME, source }),
  );
}

/**
 * Eleventy prints an error's message, then "Original error stack trace:" with the message again;
 * a RobotsError's message already says where and what, so it is printed once per report.
 */
export function withoutStack<T extends Error>(error: T): T {
  Object.defineProperty(error, 'skipOriginalStack', { value: true, enumerable: false });
  return error;
}

/** Messages from core name core; the user added this plugin, so they name it instead. */
function prefixed(message: string): string {
  if (message.startsWith(`[${PLUGIN_NAME}]`)) return message;
  return `[${PLUGIN_NAME}] ${message.replace(/^\[@robots-kit\/core\]\s*/, '')}`;
}

/**
 * Hands messages to Eleventy's logger, which honours `--quiet`, once per build each.
 * Eleventy 3 always sets a logger; should a future version not, Node's warning
 * channel still shows them.
 */
export function reportWarnings(
  messages: readonly string[],
  logger: EleventyLogger | undefined,
  reported: Set<string>,
  level: LogLevel = 'warn',
): void {
  for (const message of messages) {
    const line = prefixed(message);
    if (reported.has(line)) continue;
    reported.add(line);
    if (!logger) process.emitWarning(line, { code: 'ROBOTS_KIT_WARNING' });
    // An error is printed under `--quiet` too, which hides everything else: a failing build names what failed.
    else if (level === 'error' && logger.logWithOptions)
      logger.logWithOptions({ message: line, type: 'error', color: 'red', force: true });
    else if (level === 'warn') logger.warn(line);
    else (logger[level] ?? logger.warn).call(logger, line);
  }
}
