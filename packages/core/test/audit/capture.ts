import type { CliIo, CliStream } from '../../src/cli/run-cli.js';

export interface Captured extends CliStream {
  text(): string;
}

/** A stream that keeps what is written to it. */
export function captureStream(isTTY = false): Captured {
  let text = '';
  return {
    isTTY,
    columns: 80,
    write(chunk: string) {
      text += chunk;
      return true;
    },
    text: () => text,
  };
}

/** Streams and environment for `runCli`, not a terminal unless asked. */
export function captureIo(
  options: { stdoutTTY?: boolean; stderrTTY?: boolean; env?: Record<string, string> } = {},
): CliIo & { stdout: Captured; stderr: Captured } {
  return {
    stdout: captureStream(options.stdoutTTY),
    stderr: captureStream(options.stderrTTY),
    env: options.env ?? {},
    cwd: process.cwd(),
  };
}
