/** nginx: the X-Robots-Tag `location` blocks of a snippet to include. */
import { entryComment, GENERATED_NOTICE, type PlannedEntry } from './plan.js';
import { matchesEveryPath } from '../glob/parse.js';
import { globToServerRegex, servedRegex } from '../glob/translate.js';
import { valueList } from './options.js';
import { CONTENT_USAGE } from '../directives/vocabulary.js';

export const NGINX_FILE = 'robots-headers.nginx.conf';
const USAGE = [
  `# Include it inside your \`server { }\` block:  include /etc/nginx/snippets/${NGINX_FILE};`,
  '#',
  '# nginx pitfalls to know before deploying it:',
  '# - add_header is inherited from the enclosing block only by blocks that have no add_header',
  '#   of their own: requests served by the locations below lose the add_header lines of your',
  '#   `server` block (Strict-Transport-Security, Content-Security-Policy, Cache-Control, ...).',
  '#   Repeat those inside these locations if these files need them.',
  '# - nginx serves a request from the first regex location that matches, and a regex location',
  '#   wins over prefix locations such as `location /`: include this file before your own regex',
  '#   locations, and know that matching files are served from `root` without the settings of',
  '#   your prefix locations (try_files, proxy_pass, ...).',
];
/** Regexes are quoted, and hold only `\.`, `\+` escapes, which nginx keeps as they are. */
function location(entry: PlannedEntry, servedAt: string): string[] {
  return [
    entryComment(entry),
    `location ~ "${servedRegex(globToServerRegex(entry.glob), servedAt)}" {`,
    ...valueList(entry.values).map((value) => `    add_header X-Robots-Tag "${value}";`),
    ...(entry.values.contentUsage === undefined
      ? []
      : [`    add_header ${CONTENT_USAGE} "${entry.values.contentUsage}";`]),
    '}',
  ];
}
/**
 * The nginx snippet: one regex location per rule, the most specific first (nginx uses the
 * first match). A rule for every path (`/**`) is a server-level add_header instead, which
 * takes no request away from your locations; the locations carry its values themselves.
 */
export function nginxContent(planned: readonly PlannedEntry[], servedAt = ''): string {
  const lines = [...GENERATED_NOTICE, ...USAGE];
  for (const entry of planned) {
    const values = valueList(entry.values);
    const usage = entry.values.contentUsage;
    if (values.length === 0 && usage === undefined) continue;
    if (matchesEveryPath(entry.glob))
      lines.push(
        entryComment(entry),
        ...values.map((value) => `add_header X-Robots-Tag "${value}";`),
        ...(usage === undefined ? [] : [`add_header ${CONTENT_USAGE} "${usage}";`]),
      );
    else lines.push(...location(entry, servedAt));
  }
  return lines.join('\n') + '\n';
}
/** The whole site, for a preview or staging build: one server-level header, errors and redirects included. */
export function siteWideNginxContent(value: string): string {
  return (
    [
      ...GENERATED_NOTICE,
      ...USAGE.slice(0, 7),
      '# Not an indexable build (preview or staging): keep every URL out of search results.',
      `add_header X-Robots-Tag "${value}" always;`,
    ].join('\n') + '\n'
  );
}
