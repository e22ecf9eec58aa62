/** Characters browsers leave as they are in a URL path although `encodeURIComponent` escapes them. */
const PATH_SAFE_ESCAPES = /%(?:24|26|2B|2C|3A|3B|3D|40)/g;

/** A file or folder name as it appears in a URL path: `a b` → `a%20b`, `ü` → `%C3%BC`, `a:b` stays. */
export function encodePathSegment(segment: string): string {
  return encodeURIComponent(segment).replace(PATH_SAFE_ESCAPES, (escape) => decodeURIComponent(escape));
}
