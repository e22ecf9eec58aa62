/**
 * The log findings catalogue (ids, severities, descriptions) and the findings drawn from what each
 * crawler did: disallowed fetches, ignored AI blocks, spoofed traffic, crawl rate against
 * Crawl-delay, error responses, noindex pages fetched, unreadable lines and old range snapshots.
 */
import type { AuditFindingDescription, AuditLocation, AuditSeverity, ParsedRobotsRule } from '@robots-kit/core';
import { codeSpan, joinLimited, plural, SEVERITY_ORDER, shorten } from '@robots-kit/core/internal/adapter';
import type { CrawlerDefinition } from './crawlers.js';
import { REFUTE_DAYS, type RangeSnapshot } from './ip-ranges.js';
import type { RobotsInForce } from './robots-in-force.js';
import type { LogFinding, LogFindingId, VerificationStatus } from './types.js';

/** Every log finding id with its usual severity and the reason for it. */
export const LOG_FINDINGS: Readonly<Record<LogFindingId, AuditFindingDescription>> = {
  'disallowed-fetch': {
    severity: 'error',
    title: 'crawler fetched URLs robots.txt disallows',
    description:
      '`error` for a verified crawler (the operator broke the rule), `warning` when its identity could not be checked, `info` for fetchers a person triggered (their operators say robots.txt may not apply).',
  },
  'ai-block-ignored': {
    severity: 'error',
    title: 'AI crawler ignored a robots.txt block',
    description:
      'An AI crawler fetched URLs its robots.txt group disallows. Severities as for `disallowed-fetch`; most AI operators publish no way to verify, so most are `warning`.',
  },
  'spoofed-crawler': {
    severity: 'warning',
    title: 'traffic pretending to be a crawler',
    description:
      'Requests name a crawler in the User-Agent but come from addresses that fail every available check (published ranges, forward-confirmed reverse DNS). They are not the crawler; robots.txt does not bind them.',
  },
  'crawl-delay-exceeded': {
    severity: 'warning',
    title: 'crawl rate above Crawl-delay',
    description:
      'One address of the crawler made more requests in a minute than its robots.txt `Crawl-delay` allows (a lower bound of its rate). Google ignores Crawl-delay, so Google crawlers are not checked.',
  },
  'frequent-5xx': {
    severity: 'warning',
    title: 'crawler often answered with 5xx',
    description:
      "At least 5% (and 5) of a crawler's requests got a server error; crawlers slow down and may drop URLs that keep failing.",
  },
  'frequent-404': {
    severity: 'info',
    title: 'crawler often answered with 404',
    description:
      "At least 10% (and 10) of a crawler's requests got 404: links or sitemap entries may point at missing pages.",
  },
  'noindex-fetched': {
    severity: 'info',
    title: 'crawler fetched noindex pages',
    description:
      'Fine: crawlers must fetch a page to see its noindex. Listed so the crawl budget they take is visible.',
  },
  'unparsed-lines': {
    severity: 'info',
    title: 'log lines not read',
    description:
      "Lines that do not have the log format's shape were counted and skipped; the first few are shown with their line numbers.",
  },
  'stale-ranges': {
    severity: 'info',
    title: 'IP range snapshots partial or old',
    description:
      'Addresses outside a partial or old snapshot stay `unverified` rather than `spoofed`; `robots-kit logs --update-ranges` fetches complete, current files.',
  },
};

/** One crawler seen from one address, with what it fetched. */
export interface ClientStats {
  crawler: CrawlerDefinition;
  ip: string;
  requests: number;
  /** Requests per hour (hour start in ms). */
  hours: Map<number, number>;
  disallowed: Map<string, { count: number; rule: ParsedRobotsRule; file: string }>;
  disallowedTotal: number;
  noindex: Map<string, number>;
  noindexTotal: number;
  notFound: Map<string, number>;
  notFoundTotal: number;
  serverErrors: Map<string, number>;
  serverErrorsTotal: number;
  /** The minute being counted, its count, and the highest count of any minute. */
  minute: number;
  minuteCount: number;
  peakPerMinute: number;
  lastTime: number;
  status: VerificationStatus;
  /** Why the address is spoofed (the check that refuted it). */
  reason?: string;
}
/** A line that was not read, for the `unparsed-lines` finding. */
export interface UnparsedSample {
  input: string;
  line: number;
  text: string;
}
export interface FindingContext {
  robots?: RobotsInForce;
  unparsed: ReadonlyMap<string, { count: number; format: string; samples: UnparsedSample[] }>;
  /** Snapshots used for crawlers seen in the log, when IP ranges were checked. */
  snapshots: readonly RangeSnapshot[];
  /** Range ids that crawlers seen in the logs use and no snapshot covers. */
  missingRanges?: readonly string[];
  now: number;
}

function finding(
  id: LogFindingId,
  message: string,
  urls: string[],
  extra: { source?: AuditLocation; crawlers?: string[]; severity?: AuditSeverity } = {},
): LogFinding {
  const made: LogFinding = { id, severity: extra.severity ?? LOG_FINDINGS[id].severity, message, urls };
  if (extra.source) made.source = extra.source;
  if (extra.crawlers) made.crawlers = extra.crawlers;
  return made;
}
/** URLs of merged counters, most requested first. */
function topUrls(maps: Iterable<Map<string, number>>, limit = 50): string[] {
  const counts = new Map<string, number>();
  for (const map of maps) for (const [url, count] of map) counts.set(url, (counts.get(url) ?? 0) + count);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([url]) => url);
}
const sum = (clients: readonly ClientStats[], pick: (client: ClientStats) => number): number =>
  clients.reduce((total, client) => total + pick(client), 0);

function disallowedFindings(name: string, clients: ClientStats[]): LogFinding[] {
  const findings: LogFinding[] = [];
  for (const status of ['verified', 'unverified'] as const) {
    const group = clients.filter((client) => client.status === status && client.disallowedTotal > 0);
    if (group.length === 0) continue;
    const crawler = group[0]!.crawler;
    const rules = new Map<string, { count: number; rule: ParsedRobotsRule; file: string }>();
    for (const client of group)
      for (const hit of client.disallowed.values()) {
        const key = `${hit.file}:${hit.rule.line}`;
        const seen = rules.get(key);
        if (seen) seen.count += hit.count;
        else rules.set(key, { ...hit });
      }
    const top = [...rules.values()].sort((a, b) => b.count - a.count)[0]!;
    const urls = topUrls(group.map((client) => new Map([...client.disallowed].map(([url, hit]) => [url, hit.count]))));
    const id = crawler.kind === 'ai' ? 'ai-block-ignored' : 'disallowed-fetch';
    const severity: AuditSeverity = crawler.userTriggered ? 'info' : status === 'verified' ? 'error' : 'warning';
    const who = `${name} (${status}${crawler.userTriggered ? ', a fetcher people trigger' : ''})`;
    findings.push(
      finding(
        id,
        `${who} fetched ${plural(urls.length, 'URL')} its robots.txt group disallows, ${plural(
          sum(group, (client) => client.disallowedTotal),
          'request',
        )}; most under ${codeSpan(`${top.rule.type === 'disallow' ? 'Disallow' : 'Allow'}: ${top.rule.value}`)}.`,
        urls,
        { source: { file: top.file, line: top.rule.line }, crawlers: [name], severity },
      ),
    );
  }
  return findings;
}

function rateFindings(name: string, clients: ClientStats[], robots: RobotsInForce | undefined): LogFinding[] {
  const crawler = clients[0]!.crawler;
  if (!robots || crawler.operator === 'Google') return [];
  const live = clients.filter((client) => client.status !== 'spoofed' && client.peakPerMinute > 0);
  const fastest = live.sort((a, b) => b.peakPerMinute - a.peakPerMinute)[0];
  if (!fastest) return [];
  const delay = robots.crawlDelay(crawler, fastest.lastTime);
  if (!delay || delay.seconds <= 0) return [];
  const allowed = Math.max(1, Math.floor(60 / delay.seconds));
  if (fastest.peakPerMinute <= allowed) return [];
  return [
    finding(
      'crawl-delay-exceeded',
      `${name} made up to ${fastest.peakPerMinute} requests in one minute from ${fastest.ip} (${fastest.status}); its robots.txt group asks for \`Crawl-delay: ${delay.seconds}\`, at most ${allowed} a minute.`,
      [],
      { source: { file: delay.file, ...(delay.line ? { line: delay.line } : {}) }, crawlers: [name] },
    ),
  ];
}

function responseFindings(name: string, clients: ClientStats[]): LogFinding[] {
  const live = clients.filter((client) => client.status !== 'spoofed');
  const requests = sum(live, (client) => client.requests);
  const findings: LogFinding[] = [];
  const serverErrors = sum(live, (client) => client.serverErrorsTotal);
  if (serverErrors >= 5 && serverErrors >= requests * 0.05) {
    findings.push(
      finding(
        'frequent-5xx',
        `${plural(serverErrors, 'request')} of ${name} (${Math.round((serverErrors / requests) * 100)}% of ${requests}) got a 5xx answer.`,
        topUrls(live.map((client) => client.serverErrors)),
        { crawlers: [name] },
      ),
    );
  }
  const notFound = sum(live, (client) => client.notFoundTotal);
  if (notFound >= 10 && notFound >= requests * 0.1) {
    findings.push(
      finding(
        'frequent-404',
        `${plural(notFound, 'request')} of ${name} (${Math.round((notFound / requests) * 100)}% of ${requests}) got 404.`,
        topUrls(live.map((client) => client.notFound)),
        { crawlers: [name] },
      ),
    );
  }
  const noindex = sum(live, (client) => client.noindexTotal);
  if (noindex > 0) {
    findings.push(
      finding(
        'noindex-fetched',
        `${name} fetched noindex pages ${plural(noindex, 'time')}.`,
        topUrls(live.map((client) => client.noindex)),
        { crawlers: [name] },
      ),
    );
  }
  return findings;
}

function spoofFindings(name: string, clients: ClientStats[]): LogFinding[] {
  const spoofed = clients.filter((client) => client.status === 'spoofed').sort((a, b) => b.requests - a.requests);
  if (spoofed.length === 0) return [];
  const requests = sum(spoofed, (client) => client.requests);
  // Addresses come from the log as written: cut, so a hostile field cannot flood the report.
  const addresses = spoofed.map(
    (client) =>
      `${shorten(client.ip, 45)} (${client.requests}${client.reason ? `; ${shorten(client.reason, 100)}` : ''})`,
  );
  const urls = topUrls(spoofed.map((client) => new Map([...client.disallowed].map(([url, hit]) => [url, hit.count]))));
  return [
    finding(
      'spoofed-crawler',
      `${plural(requests, 'request')} claimed to be ${name} from ${plural(spoofed.length, 'address', 'addresses')} that fail verification: ${joinLimited(addresses, ', ')}.`,
      urls,
      { crawlers: [name] },
    ),
  ];
}

/** Errors first, then warnings, then info; within a severity by id, then crawler. */
export function sortLogFindings(findings: LogFinding[]): LogFinding[] {
  const key = (finding: LogFinding): string =>
    `${SEVERITY_ORDER.indexOf(finding.severity)} ${finding.id} ${finding.crawlers?.[0] ?? ''} ${finding.source?.file ?? ''}`;
  return findings.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** All findings of an analysis, sorted. */
export function collectLogFindings(clients: readonly ClientStats[], context: FindingContext): LogFinding[] {
  const findings: LogFinding[] = [];
  const byCrawler = new Map<string, ClientStats[]>();
  for (const client of clients) {
    const list = byCrawler.get(client.crawler.name);
    if (list) list.push(client);
    else byCrawler.set(client.crawler.name, [client]);
  }
  for (const [name, list] of byCrawler) {
    findings.push(
      ...disallowedFindings(name, list),
      ...spoofFindings(name, list),
      ...rateFindings(name, list, context.robots),
      ...responseFindings(name, list),
    );
  }
  for (const [input, { count, format, samples }] of context.unparsed) {
    const shown = samples.map((sample) => `line ${sample.line} ${codeSpan(sample.text, 80)}`);
    findings.push(
      finding(
        'unparsed-lines',
        `${plural(count, 'line')} of ${input} ${count === 1 ? 'does' : 'do'} not have the ${format} shape and ${count === 1 ? 'was' : 'were'} skipped: ${shown.join('; ')}.`,
        [],
        { source: { file: input, ...(samples[0] ? { line: samples[0].line } : {}) } },
      ),
    );
  }
  const days = (snapshot: RangeSnapshot): number => Math.floor((context.now - Date.parse(snapshot.date)) / 86_400_000);
  const weak = context.snapshots.filter((snapshot) => !snapshot.complete || days(snapshot) > 30);
  const missing = context.missingRanges ?? [];
  if (weak.length > 0 || missing.length > 0) {
    const described = [
      ...weak.map(
        (snapshot) =>
          `${snapshot.id} of ${snapshot.date}, ${plural(days(snapshot), 'day')} old${snapshot.complete ? (days(snapshot) > REFUTE_DAYS ? ', too old to refute' : '') : ', partial'}`,
      ),
      ...missing.map((id) => `${id}: none`),
    ];
    findings.push(
      finding(
        'stale-ranges',
        `IP range snapshots are missing, partial or older than 30 days (${described.join('; ')}); a partial file, or one older than ${REFUTE_DAYS} days, confirms addresses but never refutes them. Run \`robots-kit logs --update-ranges\`.`,
        [],
      ),
    );
  }
  return sortLogFindings(findings);
}
