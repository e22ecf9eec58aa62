/** Characters `JSON.stringify` leaves raw that a terminal would act on (C1 controls such as CSI, bidi overrides). */
const RAW_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Pretty JSON with every control character escaped, so printing it cannot drive the terminal. */
export function toSafeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(RAW_UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`) + '\n';
}
