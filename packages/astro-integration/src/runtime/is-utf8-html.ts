/**
 * Only HTML is rewritten, and only in the encoding Astro writes (UTF-8, or no charset given):
 * endpoints (`feed.xml`, JSON, images) pass through untouched.
 */
export function isUtf8Html(headers: Headers): boolean {
  const contentType = headers.get('content-type');
  if (!contentType) return false;
  const [mediaType = '', ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'text/html') return false;
  const charset = parameters.find((parameter) => parameter.startsWith('charset='));
  return charset === undefined || /^charset="?utf-?8"?$/.test(charset);
}
