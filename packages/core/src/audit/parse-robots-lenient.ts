import { parseRobots } from '../directives/parse-robots.js';
import { splitDirectiveList } from '../directives/split-directive-list.js';
import type { ParsedRobots, RobotsSource } from '../directives/types.js';
import { formatRobotsError, RobotsError, type RobotsErrorDetails } from '../errors/robots-error.js';
import { mergeParsedRobots } from './merge-parsed-robots.js';
import { shorten } from './shorten.js';

export interface LenientParse {
  parsed: ParsedRobots;
  /** Messages about directives that were ignored, as crawlers ignore them. */
  problems: string[];
}

/** The problem without package and location (the finding already says where), cut to a readable length. */
function describeProblem(details: RobotsErrorDetails): string {
  return shorten(formatRobotsError({ ...details, source: undefined, key: undefined }).replace(/^\[[^\]]*\] /, ''), 300);
}

function tryParse(text: string, source: RobotsSource): ParsedRobots | RobotsError {
  try {
    return parseRobots(text, source, { strict: false });
  } catch (error) {
    if (error instanceof RobotsError) return error;
    throw error;
  }
}

/**
 * Reads a tag's or header's directives the way crawlers do: what cannot be understood is
 * ignored and reported, and one bad value does not hide the good directives beside it.
 */
export function parseRobotsLenient(content: string, source: RobotsSource): LenientParse {
  const whole = tryParse(content, source);
  if (!(whole instanceof RobotsError)) return { parsed: whole, problems: whole.warnings.map(describeProblem) };
  const parses: ParsedRobots[] = [];
  const problems: string[] = [];
  for (const token of splitDirectiveList(content)) {
    const piece = tryParse(token, source);
    if (piece instanceof RobotsError) problems.push(describeProblem(piece.details));
    else {
      parses.push(piece);
      problems.push(...piece.warnings.map(describeProblem));
    }
  }
  return { parsed: mergeParsedRobots(parses), problems };
}
