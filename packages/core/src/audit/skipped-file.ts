/** A file or folder left out of the audit, and why. */
export interface SkippedFile {
  /** Relative to the audited folder, with `/` separators. */
  file: string;
  reason: string;
}
