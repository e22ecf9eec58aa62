export interface Colors {
  red(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
  green(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

function sgr(open: number, close: number): (text: string) => string {
  return (text) => `\u001b[${open}m${text}\u001b[${close}m`;
}

const identity = (text: string): string => text;

/** ANSI colours, or plain text when `enabled` is false. */
export function makeColors(enabled: boolean): Colors {
  if (!enabled) return { red: identity, yellow: identity, cyan: identity, green: identity, dim: identity, bold: identity };
  return { red: sgr(31, 39), yellow: sgr(33, 39), cyan: sgr(36, 39), green: sgr(32, 39), dim: sgr(2, 22), bold: sgr(1, 22) };
}
