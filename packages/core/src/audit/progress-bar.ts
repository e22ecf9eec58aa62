export interface ProgressStream {
  write(text: string): unknown;
  columns?: number;
}

export interface ProgressBar {
  update(done: number, total: number): void;
  /** Clears the bar's line. */
  finish(): void;
}

/** A one-line progress bar redrawn in place, at most every `intervalMs`. */
export function createProgressBar(stream: ProgressStream, intervalMs = 100): ProgressBar {
  let last = 0;
  let drawn = false;
  return {
    update(done, total) {
      const now = Date.now();
      if (done < total && now - last < intervalMs) return;
      last = now;
      const width = Math.max(10, Math.min(40, (stream.columns ?? 80) - 30));
      const filled = total === 0 ? width : Math.round((done / total) * width);
      stream.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} pages`);
      drawn = true;
    },
    finish() {
      if (drawn) stream.write('\r\u001b[2K');
      drawn = false;
    },
  };
}
