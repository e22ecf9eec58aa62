/** `tags` after the data cascade: a string, an array of strings, or absent. */
export function readTags(tags: unknown): string[] {
  if (typeof tags === 'string') return tags === '' ? [] : [tags];
  if (Array.isArray(tags)) return tags.filter((tag): tag is string => typeof tag === 'string' && tag !== '');
  return [];
}
