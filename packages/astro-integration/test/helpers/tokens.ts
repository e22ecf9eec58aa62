/** A tag's directives as a sorted list, so assertions do not depend on token order. */
export function tokens(content: string | undefined): string[] {
  return (content ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter(Boolean)
    .sort();
}
