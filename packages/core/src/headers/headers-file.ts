/**
 * The `_headers` format (Netlify, Cloudflare): writing, reading back and matching paths as the
 * hosts do.
 */
import { RobotsError } from '../errors.js';
import { collectEntries, entryComment, GENERATED_NOTICE, headersFileGlobEntries, type PlannedEntry } from './plan.js';
import { planEntries } from './nesting.js';
import { globToHeadersPatterns, type HeadersHosts } from '../glob/translate.js';
import { type HeaderTarget, type NormalizedHeadersOptions, valueList } from './options.js';
import { linearRegex, type LinearRegex, type RegexProblem } from '../glob/linear-regex.js';
import { CONTENT_USAGE } from '../directives/vocabulary.js';

/** Netlify's reader keeps the last rule that sets a header; Cloudflare's joins every match in file order. */
function emissionOrder(planned: readonly PlannedEntry[], hosts: HeadersHosts, source: string): PlannedEntry[] {
  if (!hosts.netlify) return [...planned];
  if (hosts.cloudflare) {
    for (const entry of planned) {
      const scoped = entry.containerValues.find((values) => values.crawlers.length > 0);
      if (scoped && entry.values.all !== undefined) {
        throw new RobotsError({
          code: 'header-scope-conflict',
          source,
          key: entry.origins[0],
          value: entry.glob.source,
          problem: `Cloudflare Pages joins the X-Robots-Tag values of every matching \`_headers\` rule in file order, and Netlify keeps only the last, so the crawler-scoped \`${scoped.crawlers[0]}\` of an enclosing rule would come first and scope this rule's \`${entry.values.all}\` to that crawler`,
          expected:
            'netlify or cloudflare in `headers.targets` (not both), or no `userAgent` rule around a narrower rule',
        });
      }
    }
  }
  return [...planned].reverse();
}
/**
 * The lines of our `_headers` block (Netlify and Cloudflare Pages). Each pattern gets
 * its own rule; a pattern two entries share is written once, with the values of the more
 * specific entry, which already include the other's.
 */
export function headersFileLines(planned: readonly PlannedEntry[], hosts: HeadersHosts, source: string): string[] {
  const owned = new Map<PlannedEntry, string[]>();
  const taken = new Set<string>();
  for (const entry of planned) {
    const patterns =
      entry.exactUrl !== undefined
        ? [entry.exactUrl]
        : globToHeadersPatterns(entry.glob, hosts, { source, key: entry.origins[0]! });
    owned.set(
      entry,
      patterns.filter((pattern) => !taken.has(pattern)),
    );
    patterns.forEach((pattern) => taken.add(pattern));
  }
  const lines = [...GENERATED_NOTICE];
  for (const entry of emissionOrder(planned, hosts, source)) {
    const values = valueList(entry.values);
    const patterns = owned.get(entry)!;
    const usage = entry.values.contentUsage;
    if ((values.length === 0 && usage === undefined) || patterns.length === 0) continue;
    lines.push(entryComment(entry));
    for (const pattern of patterns)
      lines.push(
        pattern,
        ...values.map((value) => `  X-Robots-Tag: ${value}`),
        ...(usage === undefined ? [] : [`  ${CONTENT_USAGE}: ${usage}`]),
      );
  }
  return lines;
}
/** The whole site, for a preview or staging build: `/*` matches every path for both hosts. */
export function siteWideHeadersFileLines(value: string): string[] {
  return [
    ...GENERATED_NOTICE,
    '# Not an indexable build (preview or staging): keep every URL out of search results.',
    '/*',
    `  X-Robots-Tag: ${value}`,
  ];
}

/** One header line of a `_headers` rule. */
export interface HeaderLine {
  name: string;
  value: string;
}
/**
 * Reads a `_headers` file (Netlify, Cloudflare Pages) as its hosts do: lines are trimmed,
 * blank and `#` lines skipped, a line starting with `/` (or `https://`, Cloudflare) opens a
 * rule, and `Name: value` lines below it are its headers. Returns path pattern → headers in
 * file order; a pattern written twice collects both rules' headers. Other lines are ignored.
 */
export function parseHeadersFile(text: string): Map<string, HeaderLine[]> {
  const rules = new Map<string, HeaderLine[]>();
  let current: HeaderLine[] | undefined;
  for (const raw of text.split(/\r\n|\n|\r/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('/') || line.startsWith('https://')) {
      current = rules.get(line) ?? [];
      rules.set(line, current);
      continue;
    }
    const colon = line.indexOf(':');
    if (current && colon > 0) current.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  return rules;
}

export type HeadersFileHost = 'netlify' | 'cloudflare';
const escapeRegex = (text: string): string => text.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');
/** As `escape-string-regexp`, which Netlify uses: `-` as `\x2d`, valid in a `u` regex. */
const escapeForUnicodeRegex = (text: string): string =>
  text.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&').replace(/-/g, '\\x2d');
/** As `@netlify/headers-parser` builds `forRegExp`: case-insensitive, optional trailing `/`. */
function netlifySource(pattern: string): string {
  const parts = pattern
    .split('/')
    .map((part) => part.trimEnd())
    .filter(Boolean)
    .map((part) => {
      if (part.startsWith(':')) return '([^/]+)';
      if (part === '*') return '?(.*)';
      // Netlify pastes a segment with a `*` inside unescaped, so `.` there is any character.
      if (part.includes('*')) return part.replaceAll('*', '(.*)');
      return escapeForUnicodeRegex(part);
    });
  return `^/${parts.join('/')}/?$`;
}
/** As Cloudflare Pages' rules engine: `*` is `.*` (once per rule), `:name` one or more non-`/` characters, exact otherwise. */
function cloudflareSource(pattern: string): string {
  let source = pattern.split('*').map(escapeRegex).join('(?<splat>.*)');
  for (const [placeholder, name] of source.matchAll(/:([A-Za-z]\w*)/g))
    source = source.split(placeholder).join(`(?<${name}>[^/]+)`);
  return `^${source}$`;
}
/**
 * The pattern's regex as the host builds it, compiled for the linear-time matcher (the file
 * may come from anyone: `/a*a*a*a*b` must not backtrack), or why it cannot be.
 */
export function headerPatternRegex(pattern: string, host: HeadersFileHost = 'netlify'): LinearRegex | RegexProblem {
  return host === 'netlify' ? linearRegex(netlifySource(pattern), 'iu') : linearRegex(cloudflareSource(pattern));
}
/**
 * Whether a `_headers` path pattern applies to a URL path, as the host reads it
 * (`netlify` by default). A pattern the host cannot compile matches nothing, as there.
 */
export function matchHeaderPattern(pattern: string, urlPath: string, host: HeadersFileHost = 'netlify'): boolean {
  if (!pattern.startsWith('/')) return false;
  const regex = headerPatternRegex(pattern, host);
  return 'test' in regex && regex.test(urlPath);
}

/** The `_headers` readers a build writes for, or undefined when it writes no `_headers`. */
export function headersHosts(targets: readonly HeaderTarget[]): HeadersHosts | undefined {
  const hosts = { netlify: targets.includes('netlify'), cloudflare: targets.includes('cloudflare') };
  return hosts.netlify || hosts.cloudflare ? hosts : undefined;
}

/**
 * The checks of `generateHeaderFiles` that need only the rules, for options time: a rule set
 * Netlify and Cloudflare Pages together cannot apply in one file order (`header-scope-conflict`)
 * is refused before any page is built. Globs a host cannot express and rules that overlap in
 * part are not errors here: the build's files settle them (listed, merged per file).
 */
export function checkHeaderRules(settings: NormalizedHeadersOptions): void {
  const hosts = headersHosts(settings.targets);
  if (!hosts) return;
  const rulesOnly = { ...settings, html: false };
  const planned = planEntries(
    collectEntries(rulesOnly, [], headersFileGlobEntries(hosts, [], settings.source)),
    settings.source,
    [],
  );
  headersFileLines(planned, hosts, settings.source);
}
