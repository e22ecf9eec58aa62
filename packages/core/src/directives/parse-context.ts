import { RobotsError, type RobotsErrorDetails } from '../errors/robots-error.js';
import { robotsWarning, type RobotsWarning } from '../errors/robots-warning.js';
import type { RobotsSource } from './types.js';

/** Where parsing is, and what to do with problems. */
export interface ParseContext {
  source: RobotsSource;
  /** When false, unknown directives become warnings instead of errors. */
  strict: boolean;
  warnings: RobotsWarning[];
}

type Problem = Omit<RobotsErrorDetails, 'source' | 'key'> & { key?: string };

function locate(context: ParseContext, problem: Problem): RobotsErrorDetails {
  return { ...problem, source: context.source.file, key: problem.key ?? context.source.key };
}

/** A value that is plainly wrong: always an error. */
export function fail(context: ParseContext, problem: Problem): never {
  throw new RobotsError(locate(context, problem));
}

/** An unknown name: an error, or a warning with `strict: false`. */
export function reject(context: ParseContext, problem: Problem): void {
  if (context.strict) fail(context, problem);
  context.warnings.push(robotsWarning(locate(context, problem)));
}

export function warn(context: ParseContext, problem: Problem): void {
  context.warnings.push(robotsWarning(locate(context, problem)));
}
