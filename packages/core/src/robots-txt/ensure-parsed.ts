import { parseRobotsTxt } from './parse-robots-txt.js';
import type { ParsedRobotsTxt } from './types.js';

/** Parses a body, or passes a parse result through, so callers checking many URLs parse once. */
export function ensureParsed(robotsTxt: string | Uint8Array | ParsedRobotsTxt): ParsedRobotsTxt {
  return typeof robotsTxt === 'string' || robotsTxt instanceof Uint8Array ? parseRobotsTxt(robotsTxt) : robotsTxt;
}
