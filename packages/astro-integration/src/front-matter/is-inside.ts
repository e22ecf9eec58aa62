import { isAbsolute, relative } from 'node:path';

/** Whether `file` lies inside `dir` (both absolute). */
export function isInside(dir: string, file: string): boolean {
  const path = relative(dir, file);
  return path !== '' && !path.startsWith('..') && !isAbsolute(path);
}
