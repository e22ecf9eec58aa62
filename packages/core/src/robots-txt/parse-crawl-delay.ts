/** A `Crawl-delay` value in seconds: a non-negative decimal number, else undefined. */
export function parseCrawlDelay(value: string): number | undefined {
  return /^\d+(?:\.\d+)?$/.test(value) ? Number(value) : undefined;
}
