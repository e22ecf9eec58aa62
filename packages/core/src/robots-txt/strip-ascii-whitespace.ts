/** Google's `absl::StripAsciiWhitespace`: space, tab, LF, VT, FF and CR, never Unicode spaces. */
export function stripAsciiWhitespace(text: string): string {
  return text.replace(/^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g, '');
}
