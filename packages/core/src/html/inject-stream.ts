/**
 * injectRobotsStream: injectRobots over a stream of bytes, for pages a server renders and
 * streams. It reads only until the pre-body scan of what arrived can no longer change, edits
 * that prefix, and passes every later byte through as it arrives, chunk by chunk: the time to
 * first byte stays the time to the end of the head, not to the end of the page.
 */
import { injectRobots } from './inject.js';
import { documentKind, scanPreBody } from './scan-head.js';
import { readMarkup } from './tokenizer.js';
import type { InjectRobotsOptions, InjectRobotsResult, ResolveRobotsTags } from './types.js';

export interface InjectRobotsStreamResult extends Omit<InjectRobotsResult, 'html'> {
  /** The page: the edited prefix, then the rest of the input's bytes, unchanged, as they arrive. */
  body: ReadableStream<Uint8Array>;
  /**
   * False when the bytes before the body are not UTF-8: the page then passes through
   * untouched (re-encoding would change bytes that are not ours) and `resolve` is not called.
   */
  utf8: boolean;
  /** Bytes added minus bytes removed, for a `Content-Length` the input had. */
  lengthDelta: number;
  /** How many bytes were read before the first byte went out (the head, and a little more). */
  bufferedBytes: number;
}

/**
 * Whether the scan of `text`, a prefix of a longer page, is what the scan of the whole page
 * gives: the scanner stopped inside `text` on something whose meaning the following bytes
 * cannot change. Only whole documents (a doctype, `<html>`, `<head>` or `<body>`) qualify:
 * telling a fragment from JSON or plain text can take the whole input.
 */
export function isPreBodyScanFinal(text: string): boolean {
  const scan = scanPreBody(text);
  if (scan.bodyStart >= text.length || documentKind(text, scan) !== 'document') return false;
  if (text.charCodeAt(scan.bodyStart) !== 0x3c /* < */) {
    // Body text. Only a `&` can be the start of a whitespace reference (`&#32;`) cut short;
    // once a `<` follows, the text run is whole.
    return text.charCodeAt(scan.bodyStart) !== 0x26 || text.indexOf('<', scan.bodyStart) !== -1;
  }
  const token = readMarkup(text, scan.bodyStart);
  if (token.type === 'end-of-file') return false;
  // `<` followed by anything but a letter, `!`, `/` or `?` is text; `</` needs one more character.
  if (token.type === 'character') return scan.bodyStart + 3 <= text.length;
  return token.end <= text.length;
}

const encoder = new TextEncoder();
type ReadResult = Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>>;

/** Whether a promise has already settled with a chunk: `Promise.race` takes the first settled one in order. */
const PENDING = Symbol('pending');

/**
 * Streams `input` through injectRobots: resolves once the head is known (or the input ended),
 * with the edited page as a stream. Bytes after the part the scanner needed are never decoded
 * or copied. Equal, byte for byte, to `injectRobots` on the whole page, decoded as UTF-8.
 *
 * Bounded work: the growing prefix is scanned again only when the input pauses (the next chunk
 * is not there yet) or after it doubled, so a head sent in many tiny chunks costs linear time.
 * A page whose body never starts is read to its end, as injectRobots would read it.
 * Errors thrown by `resolve` propagate, after the input is cancelled.
 */
export async function injectRobotsStream(
  input: ReadableStream<Uint8Array>,
  resolve: ResolveRobotsTags,
  options: InjectRobotsOptions = {},
): Promise<InjectRobotsStreamResult> {
  const reader = input.getReader();
  const chunks: Uint8Array[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let text = '';
  let scannedLength = -1;
  let ended = false;
  let utf8 = true;
  let decodeFailed = false;
  let next = readAhead(reader);
  try {
    for (;;) {
      const { done, value } = await next;
      if (done) ended = true;
      else {
        chunks.push(value);
        // Asked for at once: whether it is already there says whether the input paused.
        next = readAhead(reader);
      }
      try {
        text += ended ? decoder.decode() : decoder.decode(value, { stream: true });
      } catch {
        // Bytes that are not UTF-8 may lie after the head, in the same chunk: the head is still ours to edit.
        decodeFailed = true;
        const bytes = concat(chunks);
        text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(0, validUtf8Length(bytes)));
        utf8 = isPreBodyScanFinal(text);
        break;
      }
      if (ended) break;
      const idle = (await Promise.race([next, PENDING])) === PENDING;
      if (!idle && text.length < 2 * scannedLength) continue;
      scannedLength = text.length;
      if (isPreBodyScanFinal(text)) break;
    }
  } catch (error) {
    await reader.cancel(error).catch(() => undefined);
    throw error;
  }
  const buffered = concat(chunks);
  if (!utf8) return passThrough(buffered, reader, ended ? undefined : next, { utf8: false, changed: false, diagnostics: [] });

  let result: InjectRobotsResult;
  try {
    result = injectRobots(text, resolve, options);
  } catch (error) {
    if (!ended) await reader.cancel(error).catch(() => undefined);
    throw error;
  }
  if (!result.changed) return passThrough(buffered, reader, ended ? undefined : next, { utf8: true, changed: false, diagnostics: result.diagnostics });
  // `text` decodes exactly the first `consumed` bytes; the rest of `buffered` is the start of a
  // character the decoder still held (or, after an error, bytes it never decoded), and goes out as it came.
  const consumed = utf8 && !ended && !decodeFailed ? buffered.byteLength - incompleteTail(buffered) : encoder.encode(text).byteLength;
  const head = encoder.encode(result.html);
  const rest = buffered.subarray(consumed);
  return {
    body: streamOf([head, rest], reader, ended ? undefined : next),
    utf8: true,
    changed: true,
    diagnostics: result.diagnostics,
    lengthDelta: head.byteLength - consumed,
    bufferedBytes: buffered.byteLength,
  };
}

function passThrough(
  buffered: Uint8Array,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  next: Promise<ReadResult> | undefined,
  fields: Pick<InjectRobotsStreamResult, 'utf8' | 'changed' | 'diagnostics'>,
): InjectRobotsStreamResult {
  return { ...fields, body: streamOf([buffered], reader, next), lengthDelta: 0, bufferedBytes: buffered.byteLength };
}

/**
 * The buffered parts, then whatever the reader still gives, one chunk per pull: nothing is
 * read ahead of the consumer, and cancelling the result cancels the input.
 */
function streamOf(
  parts: readonly Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
  pending: Promise<ReadResult> | undefined,
): ReadableStream<Uint8Array> {
  const queue = parts.filter((part) => part.byteLength > 0);
  let next = pending;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const part = queue.shift();
      if (part) return controller.enqueue(part);
      if (next === undefined) return controller.close();
      const { done, value } = await next;
      if (done) {
        next = undefined;
        return controller.close();
      }
      next = readAhead(reader);
      controller.enqueue(value);
    },
    cancel(reason) {
      return next === undefined ? undefined : reader.cancel(reason);
    },
  });
}

/**
 * The next read, asked for before anyone awaits it: marked as handled, so that an input that
 * fails in between does not crash the process with an unhandled rejection; whoever awaits it
 * still gets the error.
 */
function readAhead(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<ReadResult> {
  const read = reader.read();
  read.catch(() => undefined);
  return read;
}

/**
 * How many bytes at the end of valid UTF-8 input start a character that is not complete yet
 * (0 to 3): what a streaming decoder holds back.
 */
function incompleteTail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

/**
 * The length of the longest prefix of `bytes` made of whole, valid UTF-8 sequences, stopping
 * at the first error: the WHATWG UTF-8 decoder's own checks (no overlong forms, no surrogates,
 * nothing above U+10FFFF), so the prefix decodes exactly as `TextDecoder` with `fatal` does.
 */
export function validUtf8Length(bytes: Uint8Array): number {
  let sequenceStart = 0;
  let needed = 0;
  let seen = 0;
  let lower = 0x80;
  let upper = 0xbf;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (needed === 0) {
      sequenceStart = i;
      if (byte <= 0x7f) continue;
      if (byte >= 0xc2 && byte <= 0xdf) needed = 1;
      else if (byte >= 0xe0 && byte <= 0xef) {
        if (byte === 0xe0) lower = 0xa0;
        if (byte === 0xed) upper = 0x9f;
        needed = 2;
      } else if (byte >= 0xf0 && byte <= 0xf4) {
        if (byte === 0xf0) lower = 0x90;
        if (byte === 0xf4) upper = 0x8f;
        needed = 3;
      } else return i;
      seen = 0;
      continue;
    }
    if (byte < lower || byte > upper) return sequenceStart;
    lower = 0x80;
    upper = 0xbf;
    if (++seen === needed) {
      needed = 0;
      sequenceStart = i + 1;
    }
  }
  return needed === 0 ? bytes.length : sequenceStart;
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const total = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
