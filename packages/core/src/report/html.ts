/**
 * The audit report as one self-contained HTML page (`robots-kit check dist --html report.html`,
 * `audit: { html: true }`): the site as a tree of URLs coloured by verdict per crawler,
 * filterable by crawler, verdict and finding, each page expandable to where its verdict came
 * from, the findings with links to their pages, and robots.txt with each group's reach. The data
 * is embedded as JSON and drawn by the page's own script (report/html-script.ts); a
 * Content-Security-Policy forbids every request, so the page loads nothing at view time.
 */
import path from 'node:path';
import { AUDIT_FINDINGS } from '../audit/findings.js';
import { readTextFile } from '../audit/read-files.js';
import type { AuditReport, CrawlerVerdict, DecisionSource } from '../audit/types.js';
import type { PageExplanation } from '../resolve/explain-page.js';
import { explainMatch } from '../robots-txt/match.js';
import { parseRobotsTxt } from '../robots-txt/parse.js';
import type { ParsedRobotsTxt } from '../robots-txt/types.js';
import { writeFileAtomic } from '../site/output-files.js';
import { REPORT_SCRIPT } from './html-script.js';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text from a site or a log made inert in HTML (element content and quoted attributes). */
export function escapeHtml(text: string): string {
  return text
    .replace(/[&<>"']/g, (char) => ESCAPES[char]!)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '\ufffd');
}

export interface AuditHtmlOptions {
  /** The site's robots.txt as served, for the groups and their reach. Default: none (the section says so). */
  robotsTxt?: string;
  /**
   * Where each page's directives came from in the options and its data, keyed by URL path, as
   * adapters know it (`explainPage`). Default: none; the report then names the tags, headers and
   * robots.txt lines of the built files.
   */
  explanations?: ReadonlyMap<string, PageExplanation>;
  /** The page's title. Default: `robots-kit audit: <site or folder>`. */
  title?: string;
}

/** One robots.txt rule and how many audited pages it decides. */
interface RuleReach {
  type: 'allow' | 'disallow';
  value: string;
  line: number;
  /** Pages this rule decides for the group's crawlers (the longest match). */
  pages: number;
}
/** One robots.txt group: who it speaks to and how far its rules reach into the site. */
interface GroupReach {
  userAgents: Array<{ value: string; line: number }>;
  /** The audited crawlers that read this group. */
  crawlers: string[];
  rules: RuleReach[];
  /** Pages the group keeps its crawlers from fetching. */
  blocked: number;
}
interface RobotsTxtView {
  lines: string[];
  /** True when the file has more lines than shown. */
  cut: boolean;
  groups: GroupReach[];
  sitemaps: string[];
  diagnostics: Array<{ line: number; reason: string }>;
}

/** Lines of robots.txt shown; a longer file is cut (its groups are still all listed). */
const MAX_ROBOTS_LINES = 2000;
/** Groups with their reach; past this many, the rest are listed without pages counted. */
const MAX_GROUPS_COUNTED = 200;

/** The agent whose view of robots.txt a group stands for: `*` for a global group, else its first product token. */
function groupAgent(group: ParsedRobotsTxt['groups'][number]): string {
  const named = group.userAgents.find((agent) => !agent.isGlobal && agent.productToken !== '');
  return named ? named.productToken.toLowerCase() : '*';
}
/** Every group with the audited crawlers it speaks to, and the pages each of its rules decides. */
export function robotsTxtReach(
  parsed: ParsedRobotsTxt,
  urls: readonly string[],
  crawlers: readonly string[],
): GroupReach[] {
  return parsed.groups.map((group, index) => {
    const agent = groupAgent(group);
    const rules = group.rules.map(
      (rule): RuleReach => ({ type: rule.type, value: rule.value, line: rule.line, pages: 0 }),
    );
    const byLine = new Map(rules.map((rule) => [rule.line, rule]));
    let blocked = 0;
    if (index < MAX_GROUPS_COUNTED) {
      for (const url of urls) {
        const match = explainMatch(parsed, agent, url);
        if (!match.groupIndexes.includes(group.index)) continue;
        const rule = match.rule ? byLine.get(match.rule.line) : undefined;
        if (rule) rule.pages++;
        if (!match.allowed) blocked++;
      }
    }
    return {
      userAgents: group.userAgents.map((userAgent) => ({ value: userAgent.value, line: userAgent.line })),
      crawlers: crawlers.filter((crawler) => explainMatch(parsed, crawler, '/').groupIndexes.includes(group.index)),
      rules,
      blocked,
    };
  });
}

function robotsTxtView(text: string, report: AuditReport): RobotsTxtView {
  const parsed = parseRobotsTxt(text);
  const lines = text.split(/\r\n|\r|\n/);
  return {
    lines: lines.slice(0, MAX_ROBOTS_LINES),
    cut: lines.length > MAX_ROBOTS_LINES,
    groups: robotsTxtReach(
      parsed,
      report.pages.map((page) => page.url),
      report.crawlers,
    ),
    sitemaps: parsed.sitemaps.map((sitemap) => sitemap.url),
    diagnostics: parsed.diagnostics.map((diagnostic) => ({ line: diagnostic.line, reason: diagnostic.reason })),
  };
}

/**
 * JSON made safe inside `<script type="application/json">`: `<` escaped so that no `</script>`
 * or `<!--` in a URL or a tag can end the element, and the line separators JavaScript once
 * treated as line ends escaped too.
 */
function embedJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** No request of any kind: the report works offline and a hostile URL in it cannot call out. */
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const STYLE = `
:root{--bg:#fff;--fg:#1b1b1f;--muted:#5f6368;--line:#e3e3e8;--panel:#f6f6f9;--accent:#0072b2;
--indexable:#009e73;--noindex:#e69f00;--blocked:#d55e00;--error:#8a8a8a;--sev-error:#c62828;--sev-warning:#b26a00;--sev-info:#0072b2}
@media (prefers-color-scheme:dark){:root{--bg:#16161a;--fg:#e8e8ec;--muted:#a0a0a8;--line:#2e2e36;--panel:#1e1e24;--accent:#56b4e9}}
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;background:var(--bg);color:var(--fg)}
header{padding:16px 24px;border-bottom:1px solid var(--line)}h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:24px 0 8px}
.muted{color:var(--muted)}code,.mono{font:12.5px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
main{padding:0 24px 48px;max-width:1400px}
.summary{display:flex;gap:16px;flex-wrap:wrap;margin-top:8px}.summary span b{font-size:16px}
.controls{position:sticky;top:0;z-index:2;background:var(--bg);display:flex;gap:16px;flex-wrap:wrap;align-items:center;padding:10px 0;border-bottom:1px solid var(--line)}
.controls fieldset{border:0;padding:0;margin:0;display:flex;gap:6px;align-items:center;flex-wrap:wrap}.controls legend{float:left;margin-right:4px;color:var(--muted)}
.chip{border:1px solid var(--line);background:var(--panel);color:var(--fg);border-radius:999px;padding:3px 10px;cursor:pointer;font:inherit}
.chip[aria-pressed=true]{border-color:var(--accent);box-shadow:inset 0 0 0 1px var(--accent)}
.chip .n{color:var(--muted);margin-left:4px}select,input[type=search]{font:inherit;padding:3px 6px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg)}
.dot{display:inline-block;width:10px;height:10px;border-radius:2px;vertical-align:-1px;margin-right:4px}
.v-indexable{background:var(--indexable)}.v-noindex{background:var(--noindex)}.v-blocked{background:var(--blocked)}.v-error{background:var(--error)}
#tree{scroll-margin-top:120px;height:70vh;min-height:320px;overflow:auto;border:1px solid var(--line);border-radius:6px;padding:4px}.spacer{position:relative}.spacer>*{position:absolute;left:0;right:0}
.folder-row{height:26px;display:flex;align-items:center;cursor:pointer;color:var(--muted)}.folder-row>span::before{content:"▾ "}.folder-row.closed>span::before{content:"▸ "}
.row{height:26px;display:flex;gap:8px;align-items:center;padding:0 6px;border-radius:4px;cursor:pointer;border-left:4px solid transparent}
.row:hover{background:var(--panel)}.row.sel{background:var(--panel);outline:1px solid var(--accent)}
.row.c-indexable{border-left-color:var(--indexable)}.row.c-noindex{border-left-color:var(--noindex)}.row.c-blocked{border-left-color:var(--blocked)}.row.c-error{border-left-color:var(--error)}
.row .url{flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.row .verdict{font-size:12px;color:var(--muted)}
.row .dots{display:flex;gap:2px}.row .flag{font-size:11px;padding:0 5px;border-radius:4px;background:var(--sev-warning);color:#fff}.row .flag.error{background:var(--sev-error)}
.details{left:20px;right:4px;margin-top:2px;padding:10px 12px;background:var(--panel);border-radius:6px;border:1px solid var(--line)}
.details table{border-collapse:collapse;width:100%}.details th,.details td{text-align:left;padding:4px 8px;border-bottom:1px solid var(--line);vertical-align:top}
.details td.differs{color:var(--sev-error);font-weight:600}.details ul.why{margin:0;padding-left:16px}.details ul.why li{margin:2px 0}
.sev{display:inline-block;font-size:11px;font-weight:600;padding:0 6px;border-radius:4px;color:#fff;text-transform:uppercase}
.sev.error{background:var(--sev-error)}.sev.warning{background:var(--sev-warning)}.sev.info{background:var(--sev-info)}
#findings li{margin:6px 0}#findings .urls a{margin-right:8px}a{color:var(--accent)}
.robots{display:grid;grid-template-columns:minmax(280px,1fr) minmax(280px,1fr);gap:16px}@media (max-width:900px){.robots{grid-template-columns:1fr}}
pre.robots-txt{background:var(--panel);padding:8px;border-radius:6px;overflow:auto;max-height:480px;margin:0}pre.robots-txt span.ln{color:var(--muted);display:inline-block;width:3.5em;text-align:right;margin-right:8px;user-select:none}
.group{border:1px solid var(--line);border-radius:6px;padding:8px 10px;margin-bottom:8px}.bar{height:6px;background:var(--line);border-radius:3px;overflow:hidden;margin-top:4px}.bar i{display:block;height:100%;background:var(--blocked)}
#status{color:var(--muted);margin-left:auto}
`;

/**
 * The report's pages in the form the page's script reads: one row per page
 * (`[url, file, flags, canonical, verdict indexes, meant verdict indexes or null]`, flags 1 for an
 * error page and 2 for a page in a sitemap; the meant verdicts are the live check's, with `--expect`) and each distinct verdict once, with a decision's file left out (`null`) when it is
 * the page's own. Pages built from one template share their verdicts, so a 5,000-page site embeds
 * a few dozen verdicts instead of 5,000 × crawlers.
 */
export function compactPages(report: AuditReport): { pages: unknown[][]; verdicts: unknown[] } {
  const verdicts: unknown[] = [];
  const known = new Map<string, number>();
  const pages = report.pages.map((page) => {
    const indexesOf = (byCrawler: Record<string, CrawlerVerdict>) =>
      report.crawlers.map((crawler) => {
        const verdict = byCrawler[crawler];
        const because = Object.fromEntries(
          (Object.entries(verdict?.because ?? {}) as Array<[string, DecisionSource[]]>).map(([kind, sources]) => [
            kind,
            sources.map((source) => (source.file === page.file ? { ...source, file: null } : source)),
          ]),
        );
        const compact = { ...verdict, because };
        const key = JSON.stringify(compact);
        let index = known.get(key);
        if (index === undefined) {
          index = verdicts.push(compact) - 1;
          known.set(key, index);
        }
        return index;
      });
    return [
      page.url,
      page.file,
      (page.errorPage ? 1 : 0) | (page.inSitemap ? 2 : 0),
      page.canonical ?? null,
      indexesOf(page.crawlers),
      page.meant ? indexesOf(page.meant) : null,
    ];
  });
  return { pages, verdicts };
}

/**
 * The report as a self-contained HTML page. Every string from the site reaches the page as JSON
 * data and is shown through `textContent`, never parsed as HTML.
 */
export function formatAuditHtml(report: AuditReport, options: AuditHtmlOptions = {}): string {
  const title = options.title ?? `robots-kit audit: ${report.site ?? report.directory}`;
  const data = {
    report: { ...report, pages: [] },
    ...compactPages(report),
    findingTitles: Object.fromEntries(Object.entries(AUDIT_FINDINGS).map(([id, finding]) => [id, finding.title])),
    robotsTxt: options.robotsTxt === undefined ? undefined : robotsTxtView(options.robotsTxt, report),
    explanations: options.explanations ? Object.fromEntries(options.explanations) : undefined,
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>${escapeHtml(title)}</h1><div class="muted" id="meta"></div><div class="summary" id="summary"></div></header>
<main>
<div class="controls" role="toolbar" aria-label="Filters">
<fieldset id="crawler-filter"><legend>Crawler</legend></fieldset>
<fieldset id="verdict-filter"><legend>Verdict</legend></fieldset>
<label>Finding <select id="finding-filter"><option value="">any</option></select></label>
<label>URL <input type="search" id="url-filter" placeholder="/blog/"></label>
<span id="status" aria-live="polite"></span>
</div>
<section><h2>Pages</h2><div id="tree"></div></section>
<section><h2>Findings</h2><ol id="findings"></ol></section>
<section><h2>robots.txt</h2><div id="robots"></div></section>
</main>
<script type="application/json" id="robots-kit-data">${embedJson(data)}</script>
<script>${REPORT_SCRIPT}</script>
</body>
</html>
`;
}

/** robots.txt is read up to this size for the report (Google reads 500 KiB). */
const MAX_ROBOTS_TXT_BYTES = 1024 * 1024;
/** The HTML report of `report`, with the audited folder's robots.txt (read again: the report keeps only its sitemaps). */
export async function renderAuditHtml(report: AuditReport, options: AuditHtmlOptions = {}): Promise<string> {
  if (options.robotsTxt !== undefined) return formatAuditHtml(report, options);
  // A live check's report names a URL, not a folder: its robots.txt comes with the options.
  const robots =
    report.robotsTxt.found && !/^https?:\/\//i.test(report.directory)
      ? await readTextFile(path.join(path.resolve(report.directory), 'robots.txt'), MAX_ROBOTS_TXT_BYTES)
      : undefined;
  return formatAuditHtml(report, { ...options, ...(robots?.text === undefined ? {} : { robotsTxt: robots.text }) });
}
/** Writes the HTML report of `report` to `file` (atomically, folders created). Returns the absolute path written. */
export async function writeAuditHtml(
  report: AuditReport,
  file: string,
  options: AuditHtmlOptions = {},
): Promise<string> {
  const absolute = path.resolve(file);
  writeFileAtomic(absolute, await renderAuditHtml(report, options));
  return absolute;
}
