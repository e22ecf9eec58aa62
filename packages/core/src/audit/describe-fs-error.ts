/** `cannot be read (EACCES)`: the reason a file or folder was skipped, from a Node.js file-system error. */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ? `cannot be read (${code})` : 'cannot be read';
}
