import type { EleventyLogger } from './eleventy-types.js';
import { PLUGIN_NAME } from './plugin-name.js';

/** How a line is logged: `info` for notes, `error` for audit errors. */
export type LogLevel = 'warn' | 'info' | 'error';

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
export function reportWarnings(messages: readonly string[], logger: EleventyLogger | undefined, reported: Set<string>, level: LogLevel = 'warn'): void {
  for (const message of messages) {
    const line = prefixed(message);
    if (reported.has(line)) continue;
    reported.add(line);
    if (!logger) process.emitWarning(line, { code: 'ROBOTS_KIT_WARNING' });
    else if (level === 'warn') logger.warn(line);
    else (logger[level] ?? logger.warn).call(logger, line);
  }
}
