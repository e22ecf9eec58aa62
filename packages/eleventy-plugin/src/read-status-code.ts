/** Front matter `statusCode: 404` (a number or a numeric string) marks an error template. */
export function readStatusCode(data: { statusCode?: unknown } | undefined): number | undefined {
  const value = data?.statusCode;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*\d{3}\s*$/.test(value)) return Number(value);
  return undefined;
}
