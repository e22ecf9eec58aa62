/**
 * C0 and C1 controls (ESC starts terminal escape sequences, CSI is U+009B), DEL, bidirectional
 * overrides and line separators: characters that could rewrite or reorder terminal output.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Text from the audited files made safe to print: unsafe characters become visible `\u{1b}` escapes. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, (char) => `\\u{${char.charCodeAt(0).toString(16)}}`);
}
