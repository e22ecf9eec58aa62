import { shorten } from './shorten.js';

/** Quoted file content for a message: shortened, in backticks. */
export function codeSpan(text: string, max = 120): string {
  return '`' + shorten(text, max).replaceAll('`', "'") + '`';
}
