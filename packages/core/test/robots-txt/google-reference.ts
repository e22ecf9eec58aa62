/**
 * The oracle of the differential tests: google/robotstxt's `robots.cc` (RobotsMatcher::
 * OneAgentAllowedByRobots, the version where Sitemap and unknown lines do not end a group)
 * ported line by line, as plainly as possible and on purpose sharing no code with the product:
 * byte strings (latin1), a per-character loop, a line buffer, the position-set `Matches`.
 * Slow and only for small inputs.
 */
const K_MAX_LINE_LEN = 2083 * 8;
const UTF_BOM = [0xef, 0xbb, 0xbf];
const WHITE = ' \t\n\v\f\r';

function stripWhitespace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && WHITE.includes(text[start]!)) start++;
  while (end > start && WHITE.includes(text[end - 1]!)) end--;
  return text.slice(start, end);
}
function startsWithIgnoreCase(text: string, prefix: string): boolean {
  return text.slice(0, prefix.length).replace(/[A-Z]/g, (c) => c.toLowerCase()) === prefix;
}
const isXDigit = (c: string | undefined): boolean => c !== undefined && /^[0-9a-fA-F]$/.test(c);

/** `MaybeEscapePattern`. */
export function googleEscape(src: string): string {
  let out = '';
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === '%' && isXDigit(src[i + 1]) && isXDigit(src[i + 2])) {
      out += '%' + src[i + 1]!.toUpperCase() + src[i + 2]!.toUpperCase();
      i += 2;
    } else if (c.charCodeAt(0) & 0x80) {
      out += '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0');
    } else {
      out += c;
    }
  }
  return out;
}

/** `RobotsMatchStrategy::Matches`, with its `pos[]` array. */
export function googleMatches(path: string, pattern: string): boolean {
  const pathlen = path.length;
  const pos: number[] = [0];
  let numpos = 1;
  for (let p = 0; p < pattern.length; p++) {
    if (pattern[p] === '$' && p + 1 === pattern.length) return pos[numpos - 1] === pathlen;
    if (pattern[p] === '*') {
      numpos = pathlen - pos[0]! + 1;
      for (let i = 1; i < numpos; i++) pos[i] = pos[i - 1]! + 1;
    } else {
      let newnumpos = 0;
      for (let i = 0; i < numpos; i++) {
        if (pos[i]! < pathlen && path[pos[i]!] === pattern[p]) pos[newnumpos++] = pos[i]! + 1;
      }
      numpos = newnumpos;
      if (numpos === 0) return false;
    }
  }
  return true;
}

/** `GetPathParamsQuery`, then `c_str()` (the matcher reads the path up to a NUL). */
export function googlePath(url: string): string {
  let searchStart = 0;
  if (url.length >= 2 && url[0] === '/' && url[1] === '/') searchStart = 2;
  const findFirstOf = (from: number): number => {
    for (let i = from; i < url.length; i++) if ('/?;'.includes(url[i]!)) return i;
    return -1;
  };
  const npos = Number.MAX_SAFE_INTEGER;
  const earlyPath = findFirstOf(searchStart);
  let protocolEnd = url.indexOf('://', searchStart);
  if ((earlyPath === -1 ? npos : earlyPath) < (protocolEnd === -1 ? npos : protocolEnd)) protocolEnd = -1;
  protocolEnd = protocolEnd === -1 ? searchStart : protocolEnd + 3;
  const pathStart = findFirstOf(protocolEnd);
  let path = '/';
  if (pathStart !== -1) {
    const hashPos = url.indexOf('#', searchStart);
    if (hashPos !== -1 && hashPos < pathStart) return '/';
    const pathEnd = hashPos === -1 ? url.length : hashPos;
    path = (url[pathStart] !== '/' ? '/' : '') + url.slice(pathStart, pathEnd);
  }
  return path.split('\0')[0]!;
}

/** `RobotsMatcher::OneAgentAllowedByRobots` on a body of bytes, a crawler name and a URL (UTF-8 encoded, as a C++ caller passes them). */
export function googleAllowed(body: Uint8Array, userAgent: string, url: string): boolean {
  const path = googlePath(Buffer.from(url, 'utf8').toString('latin1'));
  const agent = Buffer.from(userAgent, 'utf8').toString('latin1');
  const best = { allowSpecific: -1, disallowSpecific: -1, allowGlobal: -1, disallowGlobal: -1 };
  let seenGlobal = false;
  let seenSpecific = false;
  let everSpecific = false;
  let seenSeparator = false;

  const handleUserAgent = (value: string): void => {
    if (seenSeparator) seenSpecific = seenGlobal = seenSeparator = false;
    if (value.length >= 1 && value[0] === '*' && (value.length === 1 || WHITE.includes(value[1]!))) {
      seenGlobal = true;
    } else {
      const token = /^[a-zA-Z_-]*/.exec(value)![0];
      if (token.toLowerCase() === agent.replace(/[A-Z]/g, (c) => c.toLowerCase())) everSpecific = seenSpecific = true;
    }
  };
  const handleRule = (allow: boolean, value: string): void => {
    if (!seenGlobal && !seenSpecific) return;
    seenSeparator = true;
    const priority = googleMatches(path, value) ? value.length : -1;
    if (priority >= 0) {
      const key = `${allow ? 'allow' : 'disallow'}${seenSpecific ? 'Specific' : 'Global'}` as keyof typeof best;
      if (best[key] < priority) best[key] = priority;
    } else if (allow) {
      const slash = value.lastIndexOf('/');
      if (slash !== -1 && value.slice(slash).startsWith('/index.htm'))
        handleRule(true, value.slice(0, slash + 1) + '$');
    }
  };
  const parseAndEmitLine = (raw: string): void => {
    let line = raw.split('\0')[0]!;
    const comment = line.indexOf('#');
    if (comment !== -1) line = line.slice(0, comment);
    line = stripWhitespace(line);
    let sep = line.indexOf(':');
    if (sep === -1) {
      sep = line.search(/[ \t]/);
      if (sep !== -1 && /[ \t]/.test(line.slice(sep).replace(/^[ \t]+/, ''))) return;
    }
    if (sep === -1) return;
    const key = stripWhitespace(line.slice(0, sep));
    if (key.length === 0) return;
    const value = stripWhitespace(line.slice(sep + 1));
    if (
      startsWithIgnoreCase(key, 'user-agent') ||
      startsWithIgnoreCase(key, 'useragent') ||
      startsWithIgnoreCase(key, 'user agent')
    )
      handleUserAgent(value);
    else if (startsWithIgnoreCase(key, 'allow')) handleRule(true, googleEscape(value));
    else if (
      ['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'].some((k) => startsWithIgnoreCase(key, k))
    )
      handleRule(false, googleEscape(value));
  };

  let lineBuffer = '';
  let bomPos = 0;
  let lastWasCarriageReturn = false;
  for (const ch of body) {
    if (bomPos < UTF_BOM.length && ch === UTF_BOM[bomPos++]) continue;
    bomPos = UTF_BOM.length;
    if (ch !== 0x0a && ch !== 0x0d) {
      if (lineBuffer.length < K_MAX_LINE_LEN - 1) lineBuffer += String.fromCharCode(ch);
    } else {
      const isCrlfContinuation = lineBuffer.length === 0 && lastWasCarriageReturn && ch === 0x0a;
      if (!isCrlfContinuation) parseAndEmitLine(lineBuffer);
      lineBuffer = '';
      lastWasCarriageReturn = ch === 0x0d;
    }
  }
  parseAndEmitLine(lineBuffer);

  // RobotsMatcher::disallow()
  if (best.allowSpecific > 0 || best.disallowSpecific > 0) return !(best.disallowSpecific > best.allowSpecific);
  if (everSpecific) return true;
  if (best.allowGlobal > 0 || best.disallowGlobal > 0) return !(best.disallowGlobal > best.allowGlobal);
  return true;
}
