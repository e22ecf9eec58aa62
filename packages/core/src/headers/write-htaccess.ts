import { matchesEveryPath } from './glob/glob-ast.js';
import { entryComment, GENERATED_NOTICE } from './file-comments.js';
import { globToFileNameRegex, globToServerRegex, isFileNameGlob } from './glob/glob-to-regex-targets.js';
import type { PlannedEntry } from './header-entry.js';
import { valueList } from './rule-directives.js';

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
 */
export function htaccessLines(planned: readonly PlannedEntry[]): string[] {
  const fileNames = planned.every((entry) => entry.exactUrl === undefined && (isFileNameGlob(entry.glob) || matchesEveryPath(entry.glob)));
  const lines = [...GENERATED_NOTICE, '<IfModule mod_headers.c>'];
  for (const entry of [...planned].reverse()) {
    const values = valueList(entry.values);
    if (values.length === 0) continue;
    if (matchesEveryPath(entry.glob)) {
      lines.push(`  ${entryComment(entry)}`, ...headerLines(values, '  '));
      continue;
    }
    const open = fileNames ? `<FilesMatch "${globToFileNameRegex(entry.glob)}">` : `<If "%{REQUEST_URI} =~ m#${globToServerRegex(entry.glob)}#">`;
    lines.push(`  ${entryComment(entry)}`, `  ${open}`, ...headerLines(values, '    '), `  </${fileNames ? 'FilesMatch' : 'If'}>`);
  }
  lines.push('</IfModule>');
  return lines;
}

/** The whole site, for a preview or staging build, error responses included. */
export function siteWideHtaccessLines(value: string): string[] {
  return [
    ...GENERATED_NOTICE,
    '# Not an indexable build (preview or staging): keep every URL out of search results.',
    '<IfModule mod_headers.c>',
    `  Header always set X-Robots-Tag "${value}"`,
    '</IfModule>',
  ];
}
