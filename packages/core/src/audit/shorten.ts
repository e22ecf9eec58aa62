/** `text` cut to `max` characters with an ellipsis, so hostile input cannot flood a report. */
export function shorten(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
