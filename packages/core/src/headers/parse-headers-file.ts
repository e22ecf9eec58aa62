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
