/** Lower-cases ASCII letters only, as Google's `EqualsIgnoreCase` compares (no Unicode folding). */
export function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}
