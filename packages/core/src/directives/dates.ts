/** unavailable_after dates: ISO 8601, RFC 822, RFC 850 and YAML dates in, one canonical form out. */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** RFC 822 zone names, in hours from UTC. */
const ZONES: Record<string, number> = {
  ut: 0,
  utc: 0,
  gmt: 0,
  z: 0,
  est: -5,
  edt: -4,
  cst: -6,
  cdt: -5,
  mst: -7,
  mdt: -6,
  pst: -8,
  pdt: -7,
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
  return (
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month! - 1 &&
    check.getUTCDate() === day &&
    !Number.isNaN(date.getTime())
  );
}
/**
 * Parses an `unavailable_after` date: ISO 8601, RFC 822/1123, RFC 850, or a
 * `Date` (YAML front matter turns `2026-12-31` into one). Returns undefined when
 * the value is not a date in any of those forms, or falls outside the years 0–9999.
 */
export function parseDirectiveDate(value: unknown): Date | undefined {
  const date = readDate(value);
  // ISO 8601 writes four-digit years: past 9999 (or before 0) the output would be `+275760-09-13…`.
  return date && date.getUTCFullYear() >= 0 && date.getUTCFullYear() <= 9999 ? date : undefined;
}
/** {@link parseDirectiveDate} without the range check: a date in any accepted form. */
export function readDate(value: unknown): Date | undefined {
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

/**
 * An unquoted YAML timestamp, as the YAML parsers of Eleventy (gray-matter) and Astro (js-yaml)
 * read them: `2030-02-30`, `2030-02-30T10:00:00Z`, `2030-2-3 10:00:00 +01:00`. Bounded
 * quantifiers apart from whitespace and the fraction, so a scan stays linear.
 */
const YAML_TIMESTAMP =
  /(?<![\w.-])(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt]|[ \t]+)(\d{1,2}):(\d{2}):(\d{2})(?:\.(\d*))?(?:[ \t]*(Z|([-+])(\d{1,2})(?::(\d{2}))?))?)?(?![\w:.+-])/g;
/** What js-yaml's timestamp type makes of the parts (`Date.UTC`, which rolls `02-30` over to March). */
function yamlTimestampValue(match: RegExpExecArray): { time: number; real: boolean } | undefined {
  const [, year, month, day, hour, minute, second, fraction, zone, sign, zoneHours, zoneMinutes] = match;
  // A date without a time is only a timestamp with two-digit month and day.
  if (hour === undefined && (month!.length !== 2 || day!.length !== 2)) return undefined;
  const parts = [
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour ?? 0),
    Number(minute ?? 0),
    Number(second ?? 0),
  ] as const;
  const millis = Number((fraction ?? '').slice(0, 3).padEnd(3, '0'));
  let time = Date.UTC(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], millis);
  if (zone !== undefined && zone !== 'Z')
    time -= (sign === '-' ? -1 : 1) * (Number(zoneHours) * 60 + Number(zoneMinutes ?? 0)) * 60_000;
  const check = new Date(Date.UTC(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5]));
  const real =
    check.getUTCFullYear() === parts[0] &&
    check.getUTCMonth() === parts[1] &&
    check.getUTCDate() === parts[2] &&
    check.getUTCHours() === parts[3] &&
    check.getUTCMinutes() === parts[4] &&
    check.getUTCSeconds() === parts[5];
  return { time, real };
}

/**
 * The impossible date as written in `rawText` (raw front matter) that a YAML parser rolled over
 * into `date`: unquoted, `unavailable_after: 2030-02-30` becomes a `Date` of 2 March 2030, and
 * nothing downstream can tell. Returns `undefined` when the date is real, or not in the text.
 * Linear in the length of the text.
 */
export function rolledOverYamlDate(date: Date, rawText: string): string | undefined {
  const wanted = date.getTime();
  if (Number.isNaN(wanted)) return undefined;
  YAML_TIMESTAMP.lastIndex = 0;
  for (let match = YAML_TIMESTAMP.exec(rawText); match !== null; match = YAML_TIMESTAMP.exec(rawText)) {
    const value = yamlTimestampValue(match);
    if (value && !value.real && value.time === wanted) return match[0];
  }
  return undefined;
}

/** Deeper than any robots value: a front matter value is walked no further. */
const MAX_DEPTH = 8;
/** Whether a front matter value holds a `Date` anywhere (YAML made one from an unquoted date). */
export function containsDate(value: unknown, depth = 0): boolean {
  if (value instanceof Date) return true;
  if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) return false;
  return Object.values(value).some((item) => containsDate(item, depth + 1));
}

/**
 * The value with every `Date` that YAML rolled over from an impossible date put back as the text
 * it was written as (`2030-02-30`), so it fails exactly as the quoted date does. Other values are
 * returned as they are; the input is not changed.
 */
export function restoreImpossibleYamlDates(value: unknown, rawText: string, depth = 0): unknown {
  if (value instanceof Date) return rolledOverYamlDate(value, rawText) ?? value;
  if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null || !containsDate(value)) return value;
  if (Array.isArray(value)) return value.map((item) => restoreImpossibleYamlDates(item, rawText, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, restoreImpossibleYamlDates(item, rawText, depth + 1)]),
  );
}
