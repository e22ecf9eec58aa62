import type { RobotsHeaderRule, RobotsHeaderValue } from './header-rules.js';

/** The values left after applying every matching rule in order; `set` and `unset` act within their own file. */
export function robotsHeadersFor(rules: readonly RobotsHeaderRule[], urlPath: string, file: string): RobotsHeaderValue[] {
  let values: RobotsHeaderValue[] = [];
  for (const rule of rules) {
    if (!rule.matches(urlPath, file)) continue;
    if (rule.action !== 'add') values = values.filter((value) => value.location.file !== rule.location.file);
    if (rule.action !== 'unset') values.push({ value: rule.value, location: rule.location, pattern: rule.pattern });
  }
  return values;
}
