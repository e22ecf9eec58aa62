/**
 * injectRobotsStream: injectRobots over a stream of bytes, for pages a server renders and
 * streams. It reads only until the pre-body scan of what arrived can no longer change, edits
 * that prefix, and passes every later byte through as it arrives, chunk by chunk: the time to
 * first byte stays the time to the end of the head, not to the end of the page.
 */
import { type Injection, type LocatedHead, locateHead, placementFilterFor, planInjection } from './inject.js';
import type { HeadNodeFilter } from './scan-head.js';
import { documentKind, type PreBodyScan, scanPreBody } from './scan-head.js';
import { loadTemplateParser, templateParserPending } from './template-contents.js';
import { readMarkup } from './tokenizer.js';
import {
  type HtmlDiagnostic,
  type InjectRobotsOptions,
  type InjectRobotsResult,
  notUtf8Diagnostic,
  type ResolveRobotsTags,
} from './types.js';

export interface InjectRobotsStreamOptions extends InjectRobotsOptions {
  /**
   * Called once when the input has ended (before the result's stream closes): a server can
   * check then what the page's body did after its head went out. Default: none.
   */
  onInputEnd?: () => void;
}

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
  return isScanFinal(text, scanPreBody(text, { keep: NO_NODES }));
}

/** Whether a scan is final depends on where the head and body start, on no head node. */
const NO_NODES: HeadNodeFilter = { names: new Set() };
/** isPreBodyScanFinal with the scan of `text` already made (the stream reads the head once). */
function isScanFinal(text: string, scan: PreBodyScan): boolean {
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

/**
 * Whether `text` is final, from the head read as planInjection reads it. A head that could not
 * be read (a diagnostic instead) is judged by the plain scan, as before it was read whole.
 */
function isLocatedFinal(text: string, located: LocatedHead | HtmlDiagnostic): boolean {
  return 'scan' in located ? isScanFinal(text, located.scan) : isPreBodyScanFinal(text);
}

const encoder = new TextEncoder();
/** A fatal UTF-8 decoder for whole sequences, shared: without `stream`, a call leaves no state behind. */
const wholeDecoder = newDecoder();
/** Inserted tags are nearly always ASCII: one byte per character, found without counting. */
const NON_ASCII = /[^\x00-\x7f]/;

function newDecoder(): InstanceType<typeof TextDecoder> {
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
}
type ReadResult = Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>>;

/** Whether a promise has already settled with a chunk: `Promise.race` takes the first settled one in order. */
const PENDING = Symbol('pending');

/**
 * How many bytes of a chunk are decoded at first: a page rendered whole arrives as one chunk,
 * and its head is in its first few kilobytes; the rest is decoded (doubling) only if the head
 * goes on, so the bytes after the head are never decoded.
 */
const FIRST_SLICE = 8192;

/** Bytes decoded past the first `<body` or `</head` of a page: room for the tag the scan reads there. */
const HEAD_END_MARGIN = 512;
const LESS_THAN_BYTE = 0x3c;

/**
 * How many of a page's first bytes to decode first: up to `HEAD_END_MARGIN` past its first
 * `<body` or `</head` (ASCII case-insensitively, looked for after each `<`), else
 * `FIRST_SLICE`. Only a guess that saves decoding the body into a string the scan never reads
 * (a string per request, for the garbage collector): when the scan of that prefix is not final
 * (the `<body` was in a comment or a script), the prefix is decoded further, doubling, as before.
 */
export function firstSliceLength(bytes: Uint8Array): number {
  const limit = Math.min(bytes.byteLength, FIRST_SLICE);
  const found = lowercaseHeadEnd(bytes, limit);
  if (found !== -1) return Math.min(bytes.byteLength, found + HEAD_END_MARGIN);
  // Another case (`</HEAD`, `<Body`), or no Buffer: every `<` looked at.
  for (let at = 0; at < limit; at++) {
    if (bytes[at] === LESS_THAN_BYTE && (spells(bytes, at + 1, 'body') || spells(bytes, at + 1, '/head')))
      return Math.min(bytes.byteLength, at + HEAD_END_MARGIN);
  }
  return limit;
}

/** Node's `Buffer.prototype.indexOf` (a native `memmem`), where there is one; it reads any Uint8Array. */
const bufferIndexOf = (
  globalThis as {
    Buffer?: { prototype: { indexOf?: (this: Uint8Array, value: string, from: number, encoding: string) => number } };
  }
).Buffer?.prototype.indexOf;

/**
 * Where the first lowercase `</head` or `<body` of the first `limit` bytes is, the nearer of the
 * two, found natively (what nearly every page writes): under callgrind the byte loop below cost a
 * server about 9 k instructions per request over a head of a few hundred bytes, two native
 * searches about a tenth of that. -1 when neither is there or there is no Buffer; the loop then
 * looks for every case. A later find than the loop's (an uppercase `<BODY` before a lowercase
 * `</head`) only decodes a little more: the guess is not the scan.
 */
function lowercaseHeadEnd(bytes: Uint8Array, limit: number): number {
  if (bufferIndexOf === undefined) return -1;
  const window = bytes.byteLength > limit ? bytes.subarray(0, limit) : bytes;
  const headEnd = bufferIndexOf.call(window, '</head', 0, 'latin1');
  // `<body` is looked for only before the `</head` found (a body start after it cannot be nearer).
  const bodyStart = bufferIndexOf.call(headEnd === -1 ? window : window.subarray(0, headEnd), '<body', 0, 'latin1');
  return bodyStart !== -1 ? bodyStart : headEnd;
}

/** Whether the bytes at `at` are `word` (lowercase ASCII) in any ASCII case. */
function spells(bytes: Uint8Array, at: number, word: string): boolean {
  if (at + word.length > bytes.byteLength) return false;
  for (let i = 0; i < word.length; i++) {
    const byte = bytes[at + i]!;
    const code = word.charCodeAt(i);
    // `| 0x20` lowercases a letter; `/` is compared as it is.
    if ((code === 0x2f ? byte : byte | 0x20) !== code) return false;
  }
  return true;
}

/**
 * Up to this many bytes after the edited head go out in the same chunk as it (copied once): one
 * write to the socket instead of two. A longer rest goes out as its own chunk, uncopied.
 */
const MERGE_REST_BELOW = 65_536;

/**
 * Streams `input` through injectRobots: resolves once the head is known (or the input ended),
 * with the edited page as a stream. Bytes after the part the scanner needed are never decoded,
 * re-encoded or copied (a short rest of the head's chunk is copied once, into the head's chunk).
 * Equal, byte for byte, to `injectRobots` on the whole page, decoded as UTF-8.
 *
 * Bounded work: the head is read once when it is final; before that, the growing prefix is read
 * again only when the input pauses (the next chunk is not there yet) or after it doubled, so a
 * head sent in many tiny chunks costs linear time. A page whose body never starts is read to
 * its end, as injectRobots would read it.
 * Errors thrown by `resolve` propagate, after the input is cancelled.
 */
export async function injectRobotsStream(
  input: ReadableStream<Uint8Array>,
  resolve: ResolveRobotsTags,
  options: InjectRobotsStreamOptions = {},
): Promise<InjectRobotsStreamResult> {
  const onEnd = options.onInputEnd;
  const keep = placementFilterFor(options);
  const reader = input.getReader();
  const chunks: Uint8Array[] = [];
  // Made only when a slice ends inside a character: a slice of whole characters needs no state.
  let decoder: InstanceType<typeof TextDecoder> | undefined;
  let text = '';
  let scannedLength = -1;
  let ended = false;
  let utf8 = true;
  let located: LocatedHead | HtmlDiagnostic | undefined;
  // The last chunk read, and how much of it the decoder has had.
  let current: Uint8Array | undefined;
  let fed = 0;
  // Bytes given to the decoder: as many as `text` has characters while all of them are ASCII.
  let decodedBytes = 0;
  let next = readAhead(reader);
  try {
    for (;;) {
      let slice: Uint8Array | undefined;
      if (current === undefined || fed === current.byteLength) {
        const { done, value } = await next;
        if (done) ended = true;
        else {
          chunks.push(value);
          current = value;
          fed = 0;
          // Asked for at once: whether it is already there says whether the input paused.
          next = readAhead(reader);
        }
      }
      if (!ended) {
        const end =
          text.length === 0 && fed === 0 ? firstSliceLength(current!) : fed + Math.max(FIRST_SLICE, text.length);
        slice = current!.subarray(fed, end);
        fed += slice.byteLength;
        decodedBytes += slice.byteLength;
      }
      try {
        if (slice === undefined) text += decoder?.decode() ?? '';
        else if (decoder === undefined && incompleteTail(slice) === 0) text += wholeDecoder.decode(slice);
        else text += (decoder ??= newDecoder()).decode(slice, { stream: true });
      } catch {
        // Bytes that are not UTF-8 may lie after the head, in the same chunk: the head is still ours to edit.
        const bytes = concat(chunks);
        text = wholeDecoder.decode(bytes.subarray(0, validUtf8Length(bytes)));
        decodedBytes = -1;
        located = await locateHeadLoading(text, keep);
        utf8 = isLocatedFinal(text, located);
        break;
      }
      if (ended) break;
      // Read again when the prefix doubled, or else when the input paused (the next chunk is not there yet).
      if (
        text.length < 2 * scannedLength &&
        (fed < current!.byteLength || (await Promise.race([next, PENDING])) !== PENDING)
      )
        continue;
      scannedLength = text.length;
      located = await locateHeadLoading(text, keep);
      if (isLocatedFinal(text, located)) break;
      located = undefined;
    }
  } catch (error) {
    await reader.cancel(error).catch(() => undefined);
    throw error;
  }
  const buffered = concat(chunks);
  const pending = ended ? undefined : next;
  if (!utf8)
    return passThrough(buffered, reader, pending, onEnd, {
      utf8: false,
      changed: false,
      diagnostics: [notUtf8Diagnostic()],
    });

  let injection: Injection;
  try {
    injection = planInjection(text, resolve, options, located ?? (await locateHeadLoading(text, keep)));
  } catch (error) {
    if (!ended) await reader.cancel(error).catch(() => undefined);
    throw error;
  }
  const { result, head } = injection;
  if (!result.changed || head === undefined)
    return passThrough(buffered, reader, pending, onEnd, {
      utf8: true,
      changed: false,
      diagnostics: result.diagnostics,
    });
  // Only the text up to the last edit is encoded again; `text` decodes a prefix of `buffered`,
  // so the bytes after that point are the input's own, whatever the decoder still held.
  const ascii = text.length === decodedBytes;
  const replaced = ascii ? head.end : utf8Length(text.slice(0, head.end));
  const rest = buffered.subarray(replaced);
  // An ASCII prefix keeps one byte per character outside the edits: only the inserted text is counted.
  let headBytes = replaced;
  if (ascii)
    for (const edit of injection.edits)
      headBytes += (NON_ASCII.test(edit.text) ? utf8Length(edit.text) : edit.text.length) - (edit.end - edit.start);
  else headBytes = utf8Length(head.text);
  return {
    body: streamOf(
      rest.byteLength < MERGE_REST_BELOW ? [joined(head.text, headBytes, rest)] : [encoder.encode(head.text), rest],
      reader,
      pending,
      onEnd,
    ),
    utf8: true,
    changed: true,
    diagnostics: result.diagnostics,
    lengthDelta: headBytes - replaced,
    bufferedBytes: buffered.byteLength,
  };
}

/** locateHead, after loading parse5 when the page has a head template only parse5 reads exactly. */
async function locateHeadLoading(text: string, keep: HeadNodeFilter): Promise<LocatedHead | HtmlDiagnostic> {
  const located = locateHead(text, keep);
  if (!templateParserPending()) return located;
  await loadTemplateParser();
  return locateHead(text, keep);
}

function passThrough(
  buffered: Uint8Array,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  next: Promise<ReadResult> | undefined,
  onEnd: (() => void) | undefined,
  fields: Pick<InjectRobotsStreamResult, 'utf8' | 'changed' | 'diagnostics'>,
): InjectRobotsStreamResult {
  return {
    ...fields,
    body: streamOf([buffered], reader, next, onEnd),
    lengthDelta: 0,
    bufferedBytes: buffered.byteLength,
  };
}

/**
 * The bytes TextEncoder writes for `text`: a surrogate pair is 4 bytes for 2 code units, a lone
 * surrogate 3 (it becomes U+FFFD).
 */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code <= 0xdbff && code >= 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/** Node's `Buffer.allocUnsafe` where there is one: pooled, not zeroed, several times cheaper than a `Uint8Array`. */
const allocUnsafe = (globalThis as { Buffer?: { allocUnsafe?: (size: number) => Uint8Array } }).Buffer?.allocUnsafe;

/**
 * `head` encoded (`headBytes` long), then `rest`, in one array: the page's first chunk. Every
 * byte of it is written, so it may come uninitialised; if the encoder wrote anything but the
 * bytes counted, a zeroed array is written instead.
 */
function joined(head: string, headBytes: number, rest: Uint8Array): Uint8Array {
  const size = headBytes + rest.byteLength;
  if (allocUnsafe !== undefined) {
    const bytes = allocUnsafe(size);
    const { read, written } = encoder.encodeInto(head, bytes);
    if (read === head.length && written === headBytes) {
      bytes.set(rest, headBytes);
      return bytes;
    }
  }
  const bytes = new Uint8Array(size);
  encoder.encodeInto(head, bytes);
  bytes.set(rest, headBytes);
  return bytes;
}

/**
 * The buffered parts, then whatever the reader still gives, one chunk per pull: nothing is
 * read ahead of the consumer, and cancelling the result cancels the input. The parts are in
 * the queue from the start (they are in memory already): the consumer's first reads take them
 * without a call to `pull`, which costs a promise each.
 */
function streamOf(
  parts: readonly Uint8Array[],
  reader: ReadableStreamDefaultReader<Uint8Array>,
  pending: Promise<ReadResult> | undefined,
  onEnd?: () => void,
): ReadableStream<Uint8Array> {
  let next = pending;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) if (part.byteLength > 0) controller.enqueue(part);
      if (next === undefined) {
        onEnd?.();
        controller.close();
      }
    },
    async pull(controller) {
      // Not called once the stream is closed, which it is as soon as the input has ended.
      if (next === undefined) return;
      const { done, value } = await next;
      if (done) {
        next = undefined;
        onEnd?.();
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
