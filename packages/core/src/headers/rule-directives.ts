import { formatDirectives } from '../directives/format-directives.js';
import { mergeAudiences } from '../directives/merge-audiences.js';
import { mergeDirectives } from '../directives/merge-directives.js';
import type { Directives } from '../directives/types.js';

/** What one header rule says: directives for every crawler, and for named crawlers. */
export interface RuleDirectives {
  all: Directives;
  /** Lowercase crawler name → its own directives. */
  crawlers: ReadonlyMap<string, Directives>;
}

/** Additive, most restrictive wins, as for meta tags. */
export function mergeRuleDirectives(...sources: RuleDirectives[]): RuleDirectives {
  return mergeAudiences(sources);
}

/** What one header rule sends: the value for every crawler, and one `name: …` value per crawler. */
export interface HeaderValues {
  all?: string;
  crawlers: string[];
}

/** Tokens come from `formatDirectives` and crawler names are product tokens: nothing can leave the line or the quotes. */
const SAFE_VALUE = /^[A-Za-z0-9 ,:._+-]+$/;

function checked(value: string): string {
  if (!SAFE_VALUE.test(value)) throw new Error(`robots-kit: refusing to write the header value ${JSON.stringify(value)}`);
  return value;
}

/**
 * The X-Robots-Tag values, reconciled like meta tags: the directives for every crawler,
 * then one `name: …` value per crawler holding only what it adds, in name order. Hosts
 * that join several values into one header then read `noindex, googlebot: nofollow`,
 * where the crawler prefix scopes only what follows it.
 */
export function headerValues(directives: RuleDirectives): HeaderValues {
  const allTokens = formatDirectives(directives.all);
  const alreadySaid = new Set(allTokens);
  const values: HeaderValues = { crawlers: [] };
  if (allTokens.length > 0) values.all = checked(allTokens.join(', '));
  for (const name of [...directives.crawlers.keys()].sort()) {
    const tokens = formatDirectives(mergeDirectives(directives.all, directives.crawlers.get(name)!)).filter((token) => !alreadySaid.has(token));
    if (tokens.length > 0) values.crawlers.push(checked(`${name}: ${tokens.join(', ')}`));
  }
  return values;
}

/** The values in sending order: every crawler's first. */
export function valueList(values: HeaderValues): string[] {
  return values.all === undefined ? values.crawlers : [values.all, ...values.crawlers];
}
