/** unavailable_after dates: ISO 8601, RFC 822, RFC 850 and YAML dates in, one canonical form out. */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** RFC 822 zone names, in hours from UTC. */
const ZONES: Record<string, number> = {
  ut: 0, utc: 0, gmt: 0, z: 0,
  est: -5, edt: -4, cst: -6, cdt: -5, mst: -7, mdt: -6, pst: -8, pdt: -7,
};
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
// RFC 850: `Friday, 25-Jun-10 15:00:00 PST`; RFC 822/1123: `Fri, 25 Jun 2010 15:00:00 PST`, weekday optional.
const RFC_850_OR_822 =
  /^(?:[a-z]+,\s*)?(\d{1,2})[-\s]([a-z]{3})[a-z]*[-\s](\d{2}|\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([a-z]{1,3}|[+-]\d{4})?$/i;
function zoneOffsetMinutes(zone: string | undefined): number | undefined {
  if (zone === undefined) return 0;
  if (/^[+-]\d{4}$/.test(zone)) {
    const sign = zone.startsWith('-') ? -1 : 1;
    return sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5)));
  }
  const hours = ZONES[zone.toLowerCase()];
  return hours === undefined ? undefined : hours * 60;
}
function parseRfcDate(text: string): Date | undefined {
  const match = RFC_850_OR_822.exec(text);
  if (!match) return undefined;
  const [, day, monthName, yearText, hour, minute, second, zone] = match;
  const month = MONTHS.indexOf(monthName!.toLowerCase());
  const offset = zoneOffsetMinutes(zone);
  if (month < 0 || offset === undefined) return undefined;
  let year = Number(yearText);
  // RFC 850 two-digit years: the RFC 6265 pivot (70–99 → 19xx).
  if (yearText!.length === 2) year += year >= 70 ? 1900 : 2000;
  const [d, h, m, s] = [Number(day), Number(hour), Number(minute), Number(second ?? 0)];
  if (new Date(Date.UTC(year, month, d)).getUTCDate() !== d || h > 23 || m > 59 || s > 59) return undefined;
  return new Date(Date.UTC(year, month, d, h, m, s) - offset * 60_000);
}
function isRealCalendarDate(text: string, date: Date): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  const check = new Date(Date.UTC(year!, month! - 1, day!));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month! - 1 && check.getUTCDate() === day && !Number.isNaN(date.getTime());
}
/**
 * Parses an `unavailable_after` date: ISO 8601, RFC 822/1123, RFC 850, or a
 * `Date` (YAML front matter turns `2026-12-31` into one). Returns undefined when
 * the value is not a date in any of those forms.
 */
export function parseDirectiveDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (ISO_8601.test(text)) {
    const dateOnly = text.length === 10;
    const date = new Date(dateOnly ? `${text}T00:00:00Z` : text.replace(' ', 'T'));
    return isRealCalendarDate(text, date) ? date : undefined;
  }
  return parseRfcDate(text);
}
/** ISO 8601 output in UTC: a bare date at midnight, milliseconds only when there are any, so it parses back to the same instant. */
export function formatDirectiveDate(date: Date): string {
  const iso = date.toISOString();
  if (iso.endsWith('T00:00:00.000Z')) return iso.slice(0, 10);
  return iso.replace(/\.000Z$/, 'Z');
}
