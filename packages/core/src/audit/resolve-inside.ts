import path from 'node:path';

/** `root/relative`, or undefined when `relative` (already decoded) would leave `root`. */
export function resolveInside(root: string, relative: string): string | undefined {
  const base = path.resolve(root);
  const target = path.resolve(base, relative.replace(/^\/+/, ''));
  return target === base || target.startsWith(base + path.sep) ? target : undefined;
}
