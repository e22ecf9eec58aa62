/** Header names are case-insensitive. */
export function isRobotsHeader(name: string): boolean {
  return name.trim().toLowerCase() === 'x-robots-tag';
}
