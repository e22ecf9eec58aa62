/** nginx: the X-Robots-Tag snippet to include in a `server` block, which leaves serving to the user's locations. */
import { matchesEveryPath } from '../glob/parse.js';
import { globToServerRegex, servedRegex } from '../glob/translate.js';
import { valueList } from './options.js';
import { entryComment, GENERATED_NOTICE, type PlannedEntry } from './plan.js';
import { CONTENT_USAGE } from '../directives/vocabulary.js';

export const NGINX_FILE = 'robots-headers.nginx.conf';
/** The variable of the `index`-th header line (from 1). */
const variable = (index: number): string => `$robots_kit_${index}`;
/** The variable of the `Content-Usage` header. */
const USAGE_VARIABLE = '$robots_kit_usage';

function usage(lines: readonly string[]): string[] {
  return [
    `# Include it inside your \`server { }\` block:  include /etc/nginx/snippets/${NGINX_FILE};`,
    '#',
    '# It adds no location: your own locations (try_files, alias, proxy_pass, ...) serve every',
    '# request exactly as without it. It picks the header values from the request path ($uri,',
    '# again after `index` or a rewrite) and adds them at server level.',
    '#',
    '# nginx copies add_header lines from the server block only into locations that have no',
    '# add_header of their own. In each of your locations that has one, repeat these lines:',
    ...lines.map((line) => `#   ${line}`),
  ];
}
/** `set` lines giving each header variable its value, the unused ones emptied (and the Content-Usage one, when used). */
function setLines(values: readonly string[], count: number, indent: string, usage?: string | null): string[] {
  const lines = Array.from({ length: count }, (_, i) => `${indent}set ${variable(i + 1)} "${values[i] ?? ''}";`);
  if (usage !== null) lines.push(`${indent}set ${USAGE_VARIABLE} "${usage ?? ''}";`);
  return lines;
}
/**
 * The nginx snippet: every header variable set empty, then one `if ($uri ~ …)` per rule, least
 * specific first, so the most specific rule that matches sets the values last (each rule's values
 * already hold those of the rules around it); then one `add_header` per variable, which nginx
 * leaves out when its value is empty. A rule for every path (`/**`) sets the values without a test.
 * `if` holding only `set` is safe at server level; it runs before any location is chosen. The
 * `Content-Usage` header (issue 40) has a variable of its own, set the same way.
 */
export function nginxContent(planned: readonly PlannedEntry[], servedAt = ''): string {
  const entries = planned.filter(
    (entry) => valueList(entry.values).length > 0 || entry.values.contentUsage !== undefined,
  );
  const count = Math.max(0, ...entries.map((entry) => valueList(entry.values).length));
  const withUsage = entries.some((entry) => entry.values.contentUsage !== undefined);
  const addLines = [
    ...Array.from({ length: count }, (_, i) => `add_header X-Robots-Tag ${variable(i + 1)};`),
    ...(withUsage ? [`add_header ${CONTENT_USAGE} ${USAGE_VARIABLE};`] : []),
  ];
  const lines = [...GENERATED_NOTICE, ...usage(addLines)];
  if (addLines.length === 0) return `${lines.join('\n')}\n`;
  const usageOf = (entry?: PlannedEntry) => (withUsage ? (entry?.values.contentUsage ?? '') : null);
  lines.push(...setLines([], count, '', usageOf()));
  for (const entry of [...entries].reverse()) {
    const values = valueList(entry.values);
    lines.push(entryComment(entry));
    if (matchesEveryPath(entry.glob)) lines.push(...setLines(values, count, '', usageOf(entry)));
    else
      lines.push(
        // Regexes are quoted and hold only `\.` and `\+` escapes, which nginx keeps as they are.
        `if ($uri ~ "${servedRegex(globToServerRegex(entry.glob), servedAt)}") {`,
        ...setLines(values, count, '    ', usageOf(entry)),
        '}',
      );
  }
  lines.push(...addLines);
  return `${lines.join('\n')}\n`;
}
/** The whole site, for a preview or staging build: one server-level header, errors and redirects included. */
export function siteWideNginxContent(value: string): string {
  const add = `add_header X-Robots-Tag "${value}" always;`;
  return `${[
    ...GENERATED_NOTICE,
    ...usage([add]),
    '# Not an indexable build (preview or staging): keep every URL out of search results.',
    add,
  ].join('\n')}\n`;
}
