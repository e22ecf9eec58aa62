import type { RobotsRecord } from './document-types.js';
import { normalizeRecordValue } from './normalize-record-value.js';
import type { RobotsTxtOptions } from './options-types.js';
import { CONTENT_SIGNAL_KEYS } from './validate-content-signal.js';

function record(key: string, label: string, pairs: [string, string][], origin: string): RobotsRecord | undefined {
  if (pairs.length === 0) return undefined;
  const value = pairs.map(([name, setting]) => `${name}=${setting}`).join(', ');
  return { key, line: `${label}: ${value}`, normalized: normalizeRecordValue(key, value), origin };
}

/**
 * The `Content-Signal` and `Content-Usage` lines for the `*` group. Both
 * belong inside a group: Cloudflare's Content Signals Policy places
 * `Content-Signal` under `User-agent: *`, and the IETF AI Preferences
 * attachment draft defines `Content-Usage` as a rule of a group, like
 * `Allow`. Google ignores both lines and they do not end a group.
 */
export function signalRecords(options: RobotsTxtOptions): RobotsRecord[] {
  const signal = options.contentSignal ?? {};
  const signalPairs = CONTENT_SIGNAL_KEYS.flatMap((name): [string, string][] => {
    const setting = signal[name];
    return setting === undefined ? [] : [[name, setting]];
  });
  const usagePairs = Object.entries(options.contentUsage ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return [
    record('content-signal', 'Content-Signal', signalPairs, 'robotsTxt.contentSignal'),
    record('content-usage', 'Content-Usage', usagePairs, 'robotsTxt.contentUsage'),
  ].filter((entry): entry is RobotsRecord => entry !== undefined);
}
