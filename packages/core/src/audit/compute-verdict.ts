import { formatDirectives, isNoindex } from '../directives/format-directives.js';
import { mergeDirectives } from '../directives/merge-directives.js';
import type { Directives } from '../directives/types.js';
import { explainMatch } from '../robots-txt/explain-match.js';
import type { ParsedRobotsTxt } from '../robots-txt/types.js';
import { applicableDirectives } from './applicable-directives.js';
import type { DirectiveSource } from './directive-source.js';
import { robotsTxtSource } from './robots-txt-source.js';
import type { CrawlerVerdict, DecisionReasons, DecisionSource } from './types.js';

export interface VerdictInput {
  /** Lower-cased crawler name, or `*`. */
  crawler: string;
  /** The URL path as requested (percent-encoded). */
  url: string;
  sources: readonly DirectiveSource[];
  robotsTxt?: ParsedRobotsTxt;
  /** The page's file when it is a 404/5xx page. */
  errorPageFile?: string;
  /** Milliseconds since the epoch. */
  now: number;
}

function asDecisionSource(source: DirectiveSource): DecisionSource {
  return { kind: source.kind, ...source.location, text: source.text };
}

/** How one crawler treats one URL, and which inputs decided each restriction. */
export function computeVerdict(input: VerdictInput): CrawlerVerdict {
  const told: Array<[DirectiveSource, Directives]> = [];
  for (const source of input.sources) {
    const directives = applicableDirectives(source, input.crawler);
    if (directives) told.push([source, directives]);
  }
  const effective = mergeDirectives(...told.map(([, directives]) => directives));
  const because: DecisionReasons = {};
  const reasons = (test: (directives: Directives) => boolean): DecisionSource[] | undefined => {
    const list = told.filter(([, directives]) => test(directives)).map(([source]) => asDecisionSource(source));
    return list.length > 0 ? list : undefined;
  };

  const match = input.robotsTxt ? explainMatch(input.robotsTxt, input.crawler, input.url) : undefined;
  if (match?.rule && !match.allowed) because.crawl = [robotsTxtSource(match.rule)];

  const nosnippet = effective.flags.has('nosnippet') || effective.maxSnippet === 0;
  const maxSnippet = nosnippet ? 0 : effective.maxSnippet;
  const expired = effective.unavailableAfter !== undefined && Date.parse(effective.unavailableAfter) <= input.now;
  const noindex = isNoindex(effective);
  const index = [
    ...(noindex ? reasons(isNoindex) ?? [] : []),
    ...(expired ? reasons((d) => d.unavailableAfter === effective.unavailableAfter) ?? [] : []),
    ...(input.errorPageFile ? [{ kind: 'error-page' as const, file: input.errorPageFile, text: 'a 404/5xx error page' }] : []),
  ];
  if (index.length > 0) because.index = index;
  const follow = reasons((d) => d.flags.has('nofollow') || d.flags.has('none'));
  if (follow) because.follow = follow;
  const snippet = maxSnippet === undefined ? undefined : reasons((d) => (nosnippet ? d.flags.has('nosnippet') || d.maxSnippet === 0 : d.maxSnippet === maxSnippet));
  if (snippet) because.snippet = snippet;
  const imagePreview = effective.maxImagePreview === undefined ? undefined : reasons((d) => d.maxImagePreview === effective.maxImagePreview);
  if (imagePreview) because.imagePreview = imagePreview;
  const videoPreview = effective.maxVideoPreview === undefined ? undefined : reasons((d) => d.maxVideoPreview === effective.maxVideoPreview);
  if (videoPreview) because.videoPreview = videoPreview;
  const unavailableAfter = effective.unavailableAfter === undefined ? undefined : reasons((d) => d.unavailableAfter === effective.unavailableAfter);
  if (unavailableAfter) because.unavailableAfter = unavailableAfter;

  return {
    crawlable: match?.allowed ?? true,
    indexable: !noindex && !expired && !input.errorPageFile,
    followLinks: !effective.flags.has('nofollow') && !effective.flags.has('none'),
    ...(maxSnippet === undefined ? {} : { maxSnippet }),
    ...(effective.maxImagePreview === undefined ? {} : { maxImagePreview: effective.maxImagePreview }),
    ...(effective.maxVideoPreview === undefined ? {} : { maxVideoPreview: effective.maxVideoPreview }),
    ...(effective.unavailableAfter === undefined ? {} : { unavailableAfter: effective.unavailableAfter }),
    directives: formatDirectives(effective),
    because,
  };
}
