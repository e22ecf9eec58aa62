function findFirstOf(text: string, chars: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    if (chars.includes(text.charAt(index))) return index;
  }
  return Infinity;
}

function indexOrInfinity(index: number): number {
  return index === -1 ? Infinity : index;
}

/**
 * Google's `GetPathParamsQuery`: the part of a URL that robots.txt rules
 * match, i.e. the path, parameters and query without scheme, authority and
 * fragment. Always starts with `/`; `/` when the URL has no path. Nothing is
 * decoded or encoded: pass URLs as they are sent (percent-encoded).
 */
export function getPathParamsQuery(url: string): string {
  const searchStart = url.startsWith('//') ? 2 : 0;
  const earlyPath = findFirstOf(url, '/?;', searchStart);
  let protocolEnd = indexOrInfinity(url.indexOf('://', searchStart));
  // A path, parameter or query before `://` means `://` is not the scheme's.
  if (earlyPath < protocolEnd) protocolEnd = Infinity;
  const authorityStart = protocolEnd === Infinity ? searchStart : protocolEnd + 3;
  const pathStart = findFirstOf(url, '/?;', authorityStart);
  if (pathStart === Infinity) return '/';
  const hashPosition = indexOrInfinity(url.indexOf('#', searchStart));
  if (hashPosition < pathStart) return '/';
  const path = url.slice(pathStart, hashPosition === Infinity ? url.length : hashPosition);
  return path.startsWith('/') ? path : '/' + path;
}
