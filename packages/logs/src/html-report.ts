/**
 * The logs report as one self-contained HTML page (`robots-kit logs --html`): requests over time
 * per crawler, the verified / unverified / spoofed split, the disallowed URLs fetched most and the
 * findings. Charts are SVG written here; the page loads nothing and runs no script.
 */
import { escapeHtml } from '@robots-kit/core/internal/adapter';
import type { LogsReport, VerificationStatus } from './types.js';

/** Colour-blind-safe (Okabe–Ito, then Tol), one per crawler line; vermilion is kept for spoofed traffic. */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#882255', '#44AA99', '#000000'];
const STATUS_COLOURS: Record<VerificationStatus, string> = {
  verified: '#009E73',
  unverified: '#999999',
  spoofed: '#D55E00',
};
const LINES_SHOWN = PALETTE.length - 1;
const HOUR = 3_600_000;
/** Bucket sizes tried in turn until a chart has at most this many points. */
const MAX_POINTS = 120;
const BUCKETS = [HOUR, 3 * HOUR, 6 * HOUR, 24 * HOUR, 7 * 24 * HOUR, 30 * 24 * HOUR];

function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}
function formatDate(ms: number, bucket: number): string {
  const iso = new Date(ms).toISOString();
  return bucket < 24 * HOUR ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : iso.slice(0, 10);
}

interface Line {
  label: string;
  colour: string;
  dashed?: boolean;
  values: Map<number, number>;
}
/** Hourly series regrouped: the busiest crawlers each a line (spoofed traffic left out), the rest together, spoofed traffic as its own dashed line. */
function chartLines(report: LogsReport, bucket: number): Line[] {
  const totals = new Map<string, number>();
  for (const series of report.series)
    if (series.status !== 'spoofed')
      for (const [, count] of series.points) totals.set(series.crawler, (totals.get(series.crawler) ?? 0) + count);
  const shown = [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, LINES_SHOWN)
    .map(([name]) => name);
  const lines = new Map<string, Line>(
    shown.map((name, i) => [name, { label: name, colour: PALETTE[i]!, values: new Map() }]),
  );
  const others: Line = { label: 'other crawlers', colour: '#777777', values: new Map() };
  const spoofed: Line = {
    label: 'spoofed (all crawlers)',
    colour: STATUS_COLOURS.spoofed,
    dashed: true,
    values: new Map(),
  };
  for (const series of report.series) {
    const line = series.status === 'spoofed' ? spoofed : (lines.get(series.crawler) ?? others);
    for (const [time, count] of series.points) {
      const key = time - (time % bucket);
      line.values.set(key, (line.values.get(key) ?? 0) + count);
    }
  }
  return [...lines.values(), others, spoofed].filter((line) => line.values.size > 0);
}

function timeChart(report: LogsReport): string {
  let first = Infinity;
  let last = -Infinity;
  let narrowest = HOUR;
  for (const series of report.series) {
    narrowest = Math.max(narrowest, series.bucketMs ?? HOUR);
    for (const [time] of series.points) {
      if (time < first) first = time;
      if (time > last) last = time;
    }
  }
  if (first > last) return '<p class="empty">No crawler request had a time.</p>';
  // Never more than MAX_POINTS points: past the fixed sizes the bucket widens in steps of 30 days.
  const month = BUCKETS.at(-1)!;
  const bucket =
    BUCKETS.find((size) => size >= narrowest && (last - first) / size < MAX_POINTS) ??
    Math.max(narrowest, Math.ceil((last - first) / MAX_POINTS / month + 1) * month);
  const start = first - (first % bucket);
  const steps = Math.floor((last - start) / bucket) + 1;
  const lines = chartLines(report, bucket);
  const max = Math.max(1, ...lines.flatMap((line) => [...line.values.values()]));
  const [width, height, left, bottom, top] = [900, 280, 56, 40, 12];
  const x = (i: number): number =>
    left + (steps === 1 ? (width - left - 16) / 2 : (i * (width - left - 16)) / (steps - 1));
  const y = (value: number): number => top + (height - top - bottom) * (1 - value / max);
  const grid = [0, 0.25, 0.5, 0.75, 1].map((fraction) => {
    const value = Math.round(max * fraction);
    return `<line x1="${left}" x2="${width - 16}" y1="${y(value).toFixed(1)}" y2="${y(value).toFixed(1)}" class="grid"/><text x="${left - 6}" y="${(y(value) + 4).toFixed(1)}" text-anchor="end">${formatNumber(value)}</text>`;
  });
  const ticks = [0, Math.floor((steps - 1) / 2), steps - 1]
    .filter((tick, i, all) => all.indexOf(tick) === i)
    .map(
      (tick) =>
        `<text x="${x(tick).toFixed(1)}" y="${height - bottom + 18}" text-anchor="${tick === 0 && steps > 1 ? 'start' : tick === steps - 1 && steps > 1 ? 'end' : 'middle'}">${formatDate(start + tick * bucket, bucket)}</text>`,
    );
  const paths = lines.map((line) => {
    const points = Array.from(
      { length: steps },
      (_, i) => `${x(i).toFixed(1)},${y(line.values.get(start + i * bucket) ?? 0).toFixed(1)}`,
    );
    return `<polyline fill="none" stroke="${line.colour}" stroke-width="2"${line.dashed ? ' stroke-dasharray="6 4"' : ''} points="${points.join(' ')}"><title>${escapeHtml(line.label)}</title></polyline>`;
  });
  const legend = lines.map(
    (line) =>
      `<li><span class="swatch${line.dashed ? ' dashed' : ''}" style="border-color:${line.colour}"></span>${escapeHtml(line.label)}</li>`,
  );
  const unit =
    bucket === HOUR
      ? 'hour'
      : bucket < 24 * HOUR
        ? `${bucket / HOUR} hours`
        : bucket === 24 * HOUR
          ? 'day'
          : bucket === 7 * 24 * HOUR
            ? 'week'
            : '30 days';
  return `<svg viewBox="0 0 ${width} ${height}" role="img" aria-label="Crawler requests per ${unit}">${grid.join('')}${ticks.join('')}${paths.join('')}</svg>
<ul class="legend">${legend.join('')}</ul><p class="note">Requests per ${unit} (UTC).</p>`;
}

function splitChart(report: LogsReport): string {
  if (report.crawlers.length === 0) return '<p class="empty">No crawler requests.</p>';
  const rows = report.crawlers.slice(0, 15);
  const max = Math.max(...rows.map((row) => row.requests.verified + row.requests.unverified + row.requests.spoofed));
  const [width, rowHeight, label] = [900, 26, 190];
  const bars = rows.map((row, index) => {
    let offset = label;
    const segments = (['verified', 'unverified', 'spoofed'] as const).map((status) => {
      const count = row.requests[status];
      const size = ((width - label - 90) * count) / max;
      const rect =
        count === 0
          ? ''
          : `<rect x="${offset.toFixed(1)}" y="${index * rowHeight + 4}" width="${Math.max(1, size).toFixed(1)}" height="${rowHeight - 8}" fill="${STATUS_COLOURS[status]}"><title>${escapeHtml(`${row.crawler}: ${formatNumber(count)} ${status}`)}</title></rect>`;
      offset += size;
      return rect;
    });
    const total = row.requests.verified + row.requests.unverified + row.requests.spoofed;
    return `<text x="${label - 8}" y="${index * rowHeight + 18}" text-anchor="end">${escapeHtml(row.crawler)}</text>${segments.join('')}<text x="${(offset + 6).toFixed(1)}" y="${index * rowHeight + 18}">${formatNumber(total)}</text>`;
  });
  const legend = (['verified', 'unverified', 'spoofed'] as const).map(
    (status) => `<li><span class="swatch block" style="background:${STATUS_COLOURS[status]}"></span>${status}</li>`,
  );
  return `<svg viewBox="0 0 ${width} ${rows.length * rowHeight + 4}" role="img" aria-label="Requests per crawler by verification">${bars.join('')}</svg><ul class="legend">${legend.join('')}</ul>`;
}

function disallowedTable(report: LogsReport): string {
  if (report.topDisallowed.length === 0)
    return '<p class="empty">No crawler fetched a URL its robots.txt group disallows.</p>';
  const rows = report.topDisallowed.map(
    (row) =>
      `<tr><td class="url">${escapeHtml(row.url)}</td><td>${escapeHtml(row.crawler)}</td><td><span class="badge ${row.status}">${row.status}</span></td><td class="num">${formatNumber(row.requests)}</td><td><code>${escapeHtml(row.rule)}</code> <span class="where">${escapeHtml(row.source.file)}:${row.source.line ?? ''}</span></td></tr>`,
  );
  return `<table><thead><tr><th>URL</th><th>Crawler</th><th>Identity</th><th class="num">Requests</th><th>Rule</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function findingList(report: LogsReport): string {
  if (report.findings.length === 0) return '<p class="empty">No findings.</p>';
  const items = report.findings.map((finding) => {
    const urls =
      finding.urls.length > 0
        ? `<div class="urls">${finding.urls
            .slice(0, 5)
            .map((url) => `<code>${escapeHtml(url)}</code>`)
            .join(' ')}${finding.urls.length > 5 ? ` … ${finding.urls.length - 5} more` : ''}</div>`
        : '';
    return `<li><span class="badge ${finding.severity}">${finding.severity}</span> <strong>${finding.id}</strong> ${escapeHtml(finding.message)}${urls}</li>`;
  });
  return `<ul class="findings">${items.join('')}</ul>`;
}

const STYLE = `body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
main{max-width:960px;margin:0 auto;padding:24px}h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px}
.facts{color:#555;margin:0}.totals{display:flex;gap:12px;flex-wrap:wrap;margin:16px 0}.totals div{background:#fff;border:1px solid #e3e3e3;border-radius:8px;padding:8px 14px}
.totals b{display:block;font-size:20px}svg{width:100%;height:auto;background:#fff;border:1px solid #e3e3e3;border-radius:8px}svg text{font-size:12px;fill:#444}
.grid{stroke:#eee}.legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:14px;margin:8px 0}.swatch{display:inline-block;width:18px;border-top:3px solid;margin-right:6px;vertical-align:middle}
.swatch.dashed{border-top-style:dashed}.swatch.block{height:10px;border:0}.note,.empty{color:#666}table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #eee;vertical-align:top}.num{text-align:right}.url{word-break:break-all}.where{color:#777;font-size:12px}
.badge{font-size:12px;border-radius:4px;padding:1px 6px;color:#fff;background:#999}.badge.verified{background:#009E73}.badge.spoofed{background:#D55E00}
.badge.error{background:#c0392b}.badge.warning{background:#b7791f}.badge.info{background:#2b6cb0}.findings{padding-left:0;list-style:none}.findings li{margin:0 0 10px}.urls{margin:4px 0 0 4px}`;

/** The report as a self-contained HTML page. */
export function formatLogsHtml(report: LogsReport): string {
  const { summary } = report;
  const period =
    summary.from !== undefined && summary.to !== undefined
      ? `${new Date(summary.from).toISOString().slice(0, 16).replace('T', ' ')} – ${new Date(summary.to).toISOString().slice(0, 16).replace('T', ' ')} UTC`
      : 'no times';
  const verification =
    [report.ranges.length > 0 ? 'published IP ranges' : '', report.dns ? 'reverse DNS' : '']
      .filter(Boolean)
      .join(' and ') || 'none';
  const split = report.crawlers.reduce(
    (total, row) => ({
      verified: total.verified + row.requests.verified,
      unverified: total.unverified + row.requests.unverified,
      spoofed: total.spoofed + row.requests.spoofed,
    }),
    { verified: 0, unverified: 0, spoofed: 0 },
  );
  const totals = [
    ['lines', summary.lines],
    ['crawler requests', summary.crawlerRequests],
    ['verified', split.verified],
    ['spoofed', split.spoofed],
    ['errors', summary.findings.error],
    ['warnings', summary.findings.warning],
  ].map(([label, value]) => `<div><b>${formatNumber(value as number)}</b>${label}</div>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>robots-kit logs: what crawlers did</title><style>${STYLE}</style></head>
<body><main><h1>What crawlers did</h1>
<p class="facts">${escapeHtml(report.inputs.join(', '))} · ${escapeHtml(report.format)} · ${escapeHtml(period)} · robots.txt: ${escapeHtml(report.robots.map((version) => version.path + (version.since ? ` (from ${version.since})` : '')).join(', ') || 'none')} · verification: ${verification}</p>
<div class="totals">${totals.join('')}</div>
<h2>Requests over time</h2>${timeChart(report)}
<h2>Verified, unverified and spoofed</h2>${splitChart(report)}
<h2>Disallowed URLs fetched most</h2>${disallowedTable(report)}
<h2>Findings</h2>${findingList(report)}
<p class="note">Generated ${escapeHtml(report.generatedAt)} by robots-kit logs.</p></main></body></html>
`;
}
