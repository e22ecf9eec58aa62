/**
 * Reading access logs as lines: files or standard input (`-`), gzip recognised by its magic bytes
 * whatever the file name, in batches, with a bound on line length so one endless line cannot fill
 * memory.
 */
import { RobotsError } from '@robots-kit/core';
import { isAscii } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable, pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { LOGS_PACKAGE } from './types.js';

/** Bytes per read. */
const READ_CHUNK_BYTES = 64 * 1024;
/** Longest line kept; real access log lines are a few hundred bytes. */
export const MAX_LINE_LENGTH = 64 * 1024;
/** Stands in for a line longer than {@link MAX_LINE_LENGTH} (no log format accepts it). */
export const TOO_LONG_LINE = '\u0000line longer than 64 KiB';

function inputError(input: string, problem: string, expected: string): RobotsError {
  return new RobotsError({
    package: LOGS_PACKAGE,
    code: 'invalid-log-input',
    source: 'robots-kit logs',
    value: input,
    problem,
    expected,
  });
}

/** The bytes of a source, gunzipped when they start with gzip's magic bytes. */
async function* maybeGunzip(source: AsyncIterable<Buffer>, input: string): AsyncGenerator<Buffer> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const head = first.value;
  async function* all(): AsyncGenerator<Buffer> {
    yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  if (head[0] !== 0x1f || head[1] !== 0x8b) {
    yield* all();
    return;
  }
  const gunzip = createGunzip();
  pipeline(Readable.from(all()), gunzip, () => {});
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('Z_')) throw inputError(input, 'not valid gzip', 'a gzip file, or a plain text log');
    throw error;
  }
}

/**
 * The lines of one input (a file path, or `-` for `stdin`), in batches, without their line
 * endings. Throws `RobotsError` for a missing file or broken gzip.
 */
export async function* readLogLines(
  input: string,
  stdin: AsyncIterable<Buffer> = process.stdin,
): AsyncGenerator<string[]> {
  let source: AsyncIterable<Buffer>;
  if (input === '-') source = stdin;
  else {
    const info = await stat(input).catch(() => undefined);
    if (!info) throw inputError(input, 'no such log file', 'an access log file, `-` for standard input');
    if (!info.isFile()) throw inputError(input, 'not a file', 'an access log file, `-` for standard input');
    // 64 KiB reads: measured on Node 24, decoding and splitting chunks of 128 KiB and more (strings
    // past V8's 128 KiB regular-object size) costs 2 to 10 times the CPU of 64 KiB ones, much of
    // it system time (1 MiB chunks: 4 to 8 times the page faults); 32 KiB ones cost more again.
    source = createReadStream(input, { highWaterMark: READ_CHUNK_BYTES });
  }
  let carry = '';
  // UTF-8 split across chunks: the bytes of an unfinished character wait for the next chunk.
  let pending: Buffer | undefined;
  const decode = (chunk: Buffer): string => {
    const bytes = pending ? Buffer.concat([pending, chunk]) : chunk;
    pending = undefined;
    if (isAscii(bytes)) return bytes.toString('latin1');
    let end = bytes.length;
    for (let back = 1; back <= 3 && back <= bytes.length; back++) {
      const byte = bytes[bytes.length - back]!;
      if ((byte & 0xc0) === 0x80) continue;
      const size = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
      if (size > back) end = bytes.length - back;
      break;
    }
    if (end < bytes.length) pending = Buffer.from(bytes.subarray(end));
    return bytes.toString('utf8', 0, end);
  };
  let skipping = false;
  const split = (text: string, final: boolean): string[] => {
    const lines: string[] = [];
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      if (skipping) {
        lines.push(TOO_LONG_LINE);
        skipping = false;
      } else lines.push(text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end));
      start = end + 1;
    }
    carry = text.slice(start);
    if (carry.length > MAX_LINE_LENGTH) {
      skipping = true;
      carry = '';
    }
    if (final && (carry !== '' || skipping)) lines.push(skipping ? TOO_LONG_LINE : carry);
    return lines;
  };
  for await (const chunk of maybeGunzip(source, input)) {
    const lines = split(carry + decode(chunk), false);
    if (lines.length > 0) yield lines;
  }
  const rest = split(carry + (pending ? pending.toString('utf8') : ''), true);
  if (rest.length > 0) yield rest;
}
