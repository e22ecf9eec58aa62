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
const HEADER = /^Header\s+(?:(always|onsuccess)\s+)?(set|add|append|merge|unset|edit)\s+([^\s"]+)(?:\s+"((?:[^"\\]|\\.)*)")?/i;

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
      const entry: HtaccessHeaderRule['headers'][number] = { action: header[2]!.toLowerCase(), name: header[3]!, always: header[1]?.toLowerCase() === 'always' };
      if (header[4] !== undefined) entry.value = header[4];
      current.headers.push(entry);
    }
  }
  return top.headers.length > 0 ? [top, ...rules] : rules;
}
