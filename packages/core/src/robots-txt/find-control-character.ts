// C0 and C1 controls, DEL and the Unicode line/paragraph separators: anything an editor or parser may treat as a line break.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/** The first control character in a value as `U+000A`, or undefined. */
export function findControlCharacter(value: string): string | undefined {
  const found = CONTROL_CHARACTER.exec(value)?.[0];
  return found === undefined ? undefined : 'U+' + found.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
}
