/** Apache `.htaccess`: writing the X-Robots-Tag block and reading it back. */
import { matchesEveryPath } from '../glob/parse.js';
import { entryComment, GENERATED_NOTICE, type PlannedEntry } from './plan.js';
import { globToFileNameRegex, globToServerRegex, isFileNameGlob, servedRegex } from '../glob/translate.js';
import { valueList } from './options.js';
import { CONTENT_USAGE } from '../directives/vocabulary.js';

/**
 * No `<IfModule mod_headers.c>`: without mod_headers Apache answers 500 ("Invalid command
 * 'Header'") instead of serving every file without its header. An `AllowOverride` that leaves
 * out `FileInfo` makes Apache skip the `Header` lines (or, for `None`, the whole file) without a
 * word: the comment says how to check.
 */
const APACHE_NEEDS = [
  '# Needs mod_headers (Debian: `a2enmod headers`) and, for this folder, `AllowOverride FileInfo`',
  '# (or All): Debian ships `AllowOverride None`, which ignores this file. Check after deploying:',
  '# `curl -sI https://example.com/<a covered URL> | grep -i x-robots-tag`.',
];
function headerLines(values: readonly string[], indent: string): string[] {
  return values.map((value, index) => `${indent}Header ${index === 0 ? 'set' : 'add'} X-Robots-Tag "${value}"`);
}
/**
 * The lines of our `.htaccess` block (mod_headers). `<FilesMatch>` sees only the file
 * name, so it is used when every rule is a file-name glob (`**\/*.pdf`); otherwise every
 * rule is an `<If "%{REQUEST_URI} =~ m#…#">`, never a mix, because Apache applies `<If>`
 * sections after `<FilesMatch>` ones whatever their order. Within one kind a later
 * `Header set` replaces an earlier one, so the most specific rule comes last; a rule for
 * every path (`/**`) is written at top level, which Apache applies before both kinds.
 * `<FilesMatch>` and top-level lines apply to the folder the file is in, wherever it is served;
 * `%{REQUEST_URI}` is the whole path, so those patterns start with `servedAt` (see generate.ts).
 */
export function htaccessLines(planned: readonly PlannedEntry[], servedAt = ''): string[] {
  const fileNames = planned.every(
    (entry) => entry.exactUrl === undefined && (isFileNameGlob(entry.glob) || matchesEveryPath(entry.glob)),
  );
  const lines = [...GENERATED_NOTICE, ...APACHE_NEEDS];
  for (const entry of [...planned].reverse()) {
    const values = valueList(entry.values);
    const usage = entry.values.contentUsage;
    if (values.length === 0 && usage === undefined) continue;
    const usageLines = (indent: string) =>
      usage === undefined ? [] : [`${indent}Header set ${CONTENT_USAGE} "${usage}"`];
    if (matchesEveryPath(entry.glob)) {
      lines.push(entryComment(entry), ...headerLines(values, ''), ...usageLines(''));
      continue;
    }
    const open = fileNames
      ? `<FilesMatch "${globToFileNameRegex(entry.glob)}">`
      : `<If "%{REQUEST_URI} =~ m#${servedRegex(globToServerRegex(entry.glob), servedAt)}#">`;
    lines.push(
      entryComment(entry),
      open,
      ...headerLines(values, '  '),
      ...usageLines('  '),
      `</${fileNames ? 'FilesMatch' : 'If'}>`,
    );
  }
  return lines;
}
/** The whole site, for a preview or staging build, error responses included. */
export function siteWideHtaccessLines(value: string): string[] {
  return [
    ...GENERATED_NOTICE,
    ...APACHE_NEEDS,
    '# Not an indexable build (preview or staging): keep every URL out of search results.',
    `Header always set X-Robots-Tag "${value}"`,
  ];
}

/** A group of `Header` lines of an `.htaccess` and the requests it applies to. */
export interface HtaccessHeaderRule {
  /** `all`: top level; `file-name`: `<FilesMatch>` / `<Files ~>`; `request-uri`: `<If "%{REQUEST_URI} =~ m#…#">`. */
  kind: 'all' | 'file-name' | 'request-uri';
  /** The regex of the section, for `file-name` and `request-uri`. */
  pattern?: string;
  headers: Array<{ action: string; name: string; value?: string; always: boolean }>;
}
const OPEN_FILES = /^<(?:FilesMatch\s+|Files\s+~\s*)"([^"]*)"\s*>$/i;
const OPEN_IF = /^<If\s+"%\{REQUEST_URI\}\s+=~\s+m#([^#]*)#"\s*>$/i;
const CLOSE = /^<\/(?:FilesMatch|Files|If)\s*>$/i;
const HEADER =
  /^Header\s+(?:(always|onsuccess)\s+)?(set|add|append|merge|unset|edit)\s+([^\s"]+)(?:\s+"((?:[^"\\]|\\.)*)")?/i;
/**
 * The `Header` lines of an `.htaccess`, grouped by the `<FilesMatch>` / `<Files ~>` /
 * `<If "%{REQUEST_URI} =~ m#…#">` section around them (other sections are read as
 * top level). Enough for an audit of what robots-kit writes; not an Apache parser.
 */
export function readHtaccessHeaders(text: string): HtaccessHeaderRule[] {
  const rules: HtaccessHeaderRule[] = [];
  const top: HtaccessHeaderRule = { kind: 'all', headers: [] };
  let current = top;
  for (const raw of text.split(/\r\n|\n|\r/)) {
    const line = raw.trim();
    const files = OPEN_FILES.exec(line);
    const condition = OPEN_IF.exec(line);
    const header = HEADER.exec(line);
    if (files || condition) {
      current = { kind: files ? 'file-name' : 'request-uri', pattern: (files ?? condition)![1]!, headers: [] };
      rules.push(current);
    } else if (CLOSE.test(line)) {
      current = top;
    } else if (header) {
      const entry: HtaccessHeaderRule['headers'][number] = {
        action: header[2]!.toLowerCase(),
        name: header[3]!,
        always: header[1]?.toLowerCase() === 'always',
      };
      if (header[4] !== undefined) entry.value = header[4];
      current.headers.push(entry);
    }
  }
  return top.headers.length > 0 ? [top, ...rules] : rules;
}
