export type HeadersFileHost = 'netlify' | 'cloudflare';

const escapeRegex = (text: string): string => text.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');
/** As `escape-string-regexp`, which Netlify uses: `-` as `\x2d`, valid in a `u` regex. */
const escapeForUnicodeRegex = (text: string): string => text.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&').replace(/-/g, '\\x2d');

/** As `@netlify/headers-parser` builds `forRegExp`: case-insensitive, optional trailing `/`. */
function netlifyRegex(pattern: string): RegExp {
  const parts = pattern
    .split('/')
    .map((part) => part.trimEnd())
    .filter(Boolean)
    .map((part) => {
      if (part.startsWith(':')) return '([^/]+)';
      if (part === '*') return '?(.*)';
      // Netlify pastes a segment with a `*` inside unescaped, so `.` there is any character.
      if (part.includes('*')) return part.replaceAll('*', '(.*)');
      return escapeForUnicodeRegex(part);
    });
  return new RegExp(`^/${parts.join('/')}/?$`, 'iu');
}

/** As Cloudflare Pages' rules engine: `*` is `.*` (once per rule), `:name` one or more non-`/` characters, exact otherwise. */
function cloudflareRegex(pattern: string): RegExp {
  let source = pattern.split('*').map(escapeRegex).join('(?<splat>.*)');
  for (const [placeholder, name] of source.matchAll(/:([A-Za-z]\w*)/g)) source = source.split(placeholder).join(`(?<${name}>[^/]+)`);
  return new RegExp(`^${source}$`);
}

/**
 * Whether a `_headers` path pattern applies to a URL path, as the host reads it
 * (`netlify` by default). A pattern the host cannot compile matches nothing, as there.
 */
export function matchHeaderPattern(pattern: string, urlPath: string, host: HeadersFileHost = 'netlify'): boolean {
  if (!pattern.startsWith('/')) return false;
  try {
    return (host === 'netlify' ? netlifyRegex(pattern) : cloudflareRegex(pattern)).test(urlPath);
  } catch {
    return false;
  }
}
