import type { EleventyLogger } from './eleventy-types.js';
import { PLUGIN_NAME } from './plugin-name.js';

/**
 * Hands warnings to Eleventy's logger, which honours `--quiet`, once per build each.
 * Eleventy 3 always sets a logger; should a future version not, Node's warning
 * channel still shows them.
 */
export function reportWarnings(messages: readonly string[], logger: EleventyLogger | undefined, reported: Set<string>): void {
  for (const message of messages) {
    const prefixed = message.startsWith(`[${PLUGIN_NAME}]`) ? message : `[${PLUGIN_NAME}] ${message}`;
    if (reported.has(prefixed)) continue;
    reported.add(prefixed);
    if (logger) logger.warn(prefixed);
    else process.emitWarning(prefixed, { code: 'ROBOTS_KIT_WARNING' });
  }
}
