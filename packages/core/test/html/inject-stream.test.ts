import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExistingRobotsTag } from '../../src/directives/types.js';
import {
  firstSliceLength,
  injectRobotsStream,
  isPreBodyScanFinal,
  utf8Length,
  validUtf8Length,
} from '../../src/html/inject-stream.js';
import { injectRobots } from '../../src/index.js';
import { fuzzRuns } from '../fuzz-runs.js';

const encoder = new TextEncoder();
// Keeps a byte order mark, which the page starts with and must keep.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const RUNS = fuzzRuns(400, 20_261_122);

/** A stream of `chunks`; before each chunk whose flag is set, the source pauses (a microtask), as a page awaiting data does. */
function streamOf(chunks: readonly Uint8Array[], pauses: readonly boolean[] = []): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pauses[index]) await null;
      const chunk = chunks[index++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(chunk);
    },
  });
}

/** `bytes` cut at the given offsets (any byte offset: inside a tag, a reference or a UTF-8 sequence). */
function cut(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const points = [...new Set(offsets.map((offset) => offset % (bytes.byteLength + 1)))].sort((a, b) => a - b);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, bytes.byteLength]) {
    if (point > from) parts.push(bytes.subarray(from, point));
    from = Math.max(from, point);
  }
  return parts;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of stream) parts.push(chunk);
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/** What a resolver saw and gave: the stream must call it exactly as injectRobots on the whole page does. */
function recordingResolver(tags: Record<string, string>): {
  resolve: (existing: ExistingRobotsTag[]) => Record<string, string>;
  calls: ExistingRobotsTag[][];
} {
  const calls: ExistingRobotsTag[][] = [];
  return {
    calls,
    resolve: (existing) => {
      calls.push(existing);
      return tags;
    },
  };
}

const headPiece = fc.constantFrom(
  '<meta charset="utf-8">',
  '<meta name="viewport" content="width=device-width">',
  '<meta name="robots" content="noarchive">',
  '<META NAME=googlebot CONTENT="nosnippet">',
  '<meta name="description" content="Café &amp; crème 🍰">',
  '<title>Über </head> &amp; <body></title>',
  '<script>var a = "</head><body>"; if (a < b) {}</script>',
  '<style>/* </head> */ p { color: red }</style>',
  '<!-- <meta name="robots" content="none"> -->',
  // A `<body` and a `</head` before the head ends: the first slice decoded stops too early and the stream reads on.
  '<!-- <BODY> </HEAD> -->',
  '<link rel=stylesheet href=/a.css>',
  '<noscript><meta name="robots" content="noindex"></noscript>',
  '<template><meta name="robots" content="none"></template>',
  // Longer than the first slice of a chunk the stream decodes (8 KB), with characters of 2 to 4 bytes across its edge.
  `<meta name="description" content="${'é€🍰a'.repeat(1200)}">`,
);
const whitespace = fc.constantFrom('', '\n', '\r\n  ', ' ', '&#32;', '&#x0A;', '\t');
const bodyStart = fc.constantFrom(
  '<body>',
  '<BODY class="x">',
  '<div>',
  '&amp; text',
  'Text',
  '&#33;',
  'é',
  '< 3',
  '</p>',
  '</br>',
  '<p>',
);
const bodyRest = fc.constantFrom(
  '',
  '<p>Hello</p>',
  '<meta name="robots" content="noindex">',
  '<h1>Ünïcödé 🎉</h1>',
  '<script>x()</script>',
  ' &#32; more text',
);

/** Whole pages in the shapes Astro and hand-written sites produce, with the traps of each scanner state. */
const page = fc
  .record({
    bom: fc.boolean(),
    doctype: fc.constantFrom('', '<!doctype html>', '<!DOCTYPE html>\n'),
    html: fc.constantFrom('', '<html lang="en">', '<html>\n'),
    head: fc.constantFrom('', '<head>', '<HEAD>\n'),
    pieces: fc.array(fc.tuple(whitespace, headPiece), { maxLength: 6 }),
    headEnd: fc.constantFrom('', '</head>', '\n</head>\n'),
    body: bodyStart,
    rest: fc.array(bodyRest, { maxLength: 4 }),
  })
  .map(
    (parts) =>
      `${parts.bom ? '\uFEFF' : ''}${parts.doctype}${parts.html}${parts.head}${parts.pieces.map(([space, piece]) => space + piece).join('')}${parts.headEnd}${parts.body}${parts.rest.join('')}`,
  );

const resolvedTags = fc.constantFrom<Record<string, string>>(
  {},
  { robots: 'noindex, follow' },
  { robots: 'noarchive', googlebot: 'max-snippet:-1' },
);

describe('injectRobotsStream', () => {
  it('equals injectRobots on the whole page, byte for byte, however the bytes are cut and paused', async () => {
    await fc.assert(
      fc.asyncProperty(
        page,
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.array(fc.boolean(), { maxLength: 9 }),
        resolvedTags,
        async (html, offsets, pauses, tags) => {
          const whole = recordingResolver(tags);
          const expected = injectRobots(html, whole.resolve);
          const streamed = recordingResolver(tags);
          const result = await injectRobotsStream(
            streamOf(cut(encoder.encode(html), offsets), pauses),
            streamed.resolve,
          );
          const output = await readAll(result.body);
          expect(decoder.decode(output)).toBe(expected.html);
          expect(result.changed).toBe(expected.changed);
          expect(result.lengthDelta).toBe(encoder.encode(expected.html).byteLength - encoder.encode(html).byteLength);
          expect(streamed.calls).toEqual(whole.calls);
          expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(
            expected.diagnostics.map((diagnostic) => diagnostic.code),
          );
        },
      ),
      RUNS,
    );
  });

  it('decodes first up to a little past the first `<body` or `</head`, else 8 KB (firstSliceLength)', () => {
    const length = (html: string) => firstSliceLength(encoder.encode(html));
    const head = '<!doctype html><html><head><meta charset="utf-8"><title>T</title>';
    const body = `<p>${'x'.repeat(20_000)}</p>`;
    expect(length(`${head}</head><body>${body}`)).toBe(head.length + 512);
    expect(length(`${head}<BODY class="a">${body}`)).toBe(head.length + 512);
    expect(length(`${head}</HEAD >${body}`)).toBe(head.length + 512);
    // Lowercase, found natively: the nearer of the two, whichever comes first.
    expect(length(`${head}<body><p>x</p></head>${body}`)).toBe(head.length + 512);
    expect(length(`${'<!-- </HEAD> -->'.repeat(2)}${head}</head><body>${body}`)).toBe(32 + head.length + 512);
    // Mixed case before a lowercase one: that later one, a longer slice (only a guess of where to decode to).
    expect(length(`${head}<Body>${'y'.repeat(100)}</head>${body}`)).toBe(head.length + 106 + 512);
    // Neither in the first 8 KB (a body implied by `<p>`, or a long head): 8 KB, as before.
    expect(length(`${head}${body}`)).toBe(8192);
    expect(length(`${head}<bod`)).toBe(head.length + 4);
    // A short page: all of it.
    expect(length(`${head}</head><body>x`)).toBe(head.length + 14);
  });

  it('calls a prefix final only when every continuation scans the same (isPreBodyScanFinal)', () => {
    fc.assert(
      fc.property(page, fc.nat(), bodyRest, (html, at, more) => {
        const prefix = html.slice(0, at % (html.length + 1));
        if (!isPreBodyScanFinal(prefix)) return;
        // Anything may follow a final prefix: the page edited whole or cut there is the same page.
        for (const continuation of [more, '&#32;', '<body>', 'x', '-->', '"', '</script>']) {
          const resolve = (): Record<string, string> => ({ robots: 'noindex' });
          const whole = injectRobots(prefix + continuation, resolve).html;
          expect(whole).toBe(injectRobots(prefix, resolve).html + continuation);
        }
      }),
      RUNS,
    );
  });

  it('sends the edited head before the rest of the page exists', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const head = '<!doctype html><html><head><meta charset="utf-8"><title>Slow</title></head><body><h1>Slow</h1>';
    let sent = 0;
    const input = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent++ === 0) return controller.enqueue(encoder.encode(head));
        await released;
        controller.enqueue(encoder.encode('<p>late</p></body></html>'));
        controller.close();
      },
    });
    const result = await injectRobotsStream(input, () => ({ robots: 'noindex' }));
    const reader = result.body.getReader();
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe(
      '<!doctype html><html><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Slow</title></head><body><h1>Slow</h1>',
    );
    release();
    const second = await reader.read();
    expect(decoder.decode(second.value)).toBe('<p>late</p></body></html>');
    expect((await reader.read()).done).toBe(true);
  });

  it('passes a page whose head is not UTF-8 through untouched, without calling resolve', async () => {
    const bytes = new Uint8Array([
      ...encoder.encode('<!doctype html><html><head><title>'),
      0xe9,
      ...encoder.encode('</title></head><body>x</body></html>'),
    ]);
    const { resolve, calls } = recordingResolver({ robots: 'noindex' });
    const result = await injectRobotsStream(streamOf(cut(bytes, [5, 40])), resolve);
    expect(result.utf8).toBe(false);
    // Named, so that the adapter can say why the page's robots tags and body rules were not applied.
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['not-utf8']);
    expect(result.diagnostics[0]!.message).toMatch(/^\[@robots-kit\/core\] the page is not valid UTF-8: .*`links`/);
    expect(calls).toEqual([]);
    expect([...(await readAll(result.body))]).toEqual([...bytes]);
  });

  it('keeps bytes that are not UTF-8 after the head as they were, in the same chunk as the head or in a later one', async () => {
    const head = encoder.encode('<!doctype html><html><head></head><body><p>');
    const bytes = new Uint8Array([...head, 0xff, 0xfe, ...encoder.encode('</p></body></html>')]);
    const expectedHead = encoder.encode(
      '<!doctype html><html><head><meta name="robots" content="noindex"></head><body><p>',
    );
    for (const chunks of [
      [bytes],
      [bytes.subarray(0, 30), bytes.subarray(30)],
      [bytes.subarray(0, head.byteLength), bytes.subarray(head.byteLength)],
    ]) {
      const result = await injectRobotsStream(streamOf(chunks, [false, true]), () => ({ robots: 'noindex' }));
      const output = await readAll(result.body);
      expect(result.utf8).toBe(true);
      expect([...output]).toEqual([...expectedHead, 0xff, 0xfe, ...encoder.encode('</p></body></html>')]);
    }
  });

  it('finds the longest whole valid UTF-8 prefix exactly as TextDecoder judges it (validUtf8Length)', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    const decodes = (bytes: Uint8Array): boolean => {
      try {
        fatal.decode(bytes);
        return true;
      } catch {
        return false;
      }
    };
    const byte = fc.oneof(
      fc.integer({ min: 0, max: 0x7f }),
      fc.integer({ min: 0x80, max: 0xbf }),
      fc.constantFrom(0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff),
    );
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 12 }), (list) => {
        const bytes = new Uint8Array(list);
        let longest = 0;
        for (let m = bytes.length; m >= 0; m--) {
          if (decodes(bytes.subarray(0, m))) {
            longest = m;
            break;
          }
        }
        expect(validUtf8Length(bytes)).toBe(longest);
      }),
      fuzzRuns(2000, 20_261_123),
    );
  });

  it('counts the bytes TextEncoder writes (utf8Length), lone surrogates included: the first chunk is sized by it', () => {
    const unit = fc.oneof(
      fc.integer({ min: 0, max: 0x7f }),
      fc.integer({ min: 0x80, max: 0x7ff }),
      fc.integer({ min: 0x800, max: 0xffff }),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 16 }), (codes) => {
        const text = String.fromCharCode(...codes);
        expect(utf8Length(text)).toBe(encoder.encode(text).byteLength);
      }),
      fuzzRuns(3000, 20_261_124),
    );
  });

  it('checks a frozen tags object once and every other object on each page, and still refuses a bad frozen one every time', async () => {
    const html = '<!doctype html><html><head><title>x</title></head><body>x</body></html>';
    const tags = Object.freeze({ robots: 'noindex' });
    for (let run = 0; run < 2; run++) {
      const result = await injectRobotsStream(streamOf([encoder.encode(html)]), () => tags);
      expect(decoder.decode(await readAll(result.body))).toBe(injectRobots(html, () => ({ robots: 'noindex' })).html);
    }
    const bad = Object.freeze({ 'robots"': 'noindex' });
    for (let run = 0; run < 2; run++)
      await expect(injectRobotsStream(streamOf([encoder.encode(html)]), () => bad)).rejects.toThrow(
        'invalid robots meta name',
      );
    // A mutable object may change between pages: checked each time.
    const mutable: Record<string, string> = { robots: 'noindex' };
    expect(injectRobots(html, () => mutable).changed).toBe(true);
    mutable['bad name'] = 'x';
    expect(() => injectRobots(html, () => mutable)).toThrow('invalid robots meta name');
  });

  it('sends the edited head with the rest of its chunk as one chunk, or as two when the rest is long, the rest unchanged', async () => {
    for (const bodyLength of [10, 200_000]) {
      const html = `<!doctype html><html><head><title>Ünï 🍰</title></head><body>${'é'.repeat(bodyLength)}</body></html>`;
      const result = await injectRobotsStream(streamOf([encoder.encode(html)]), () => ({ robots: 'noindex' }));
      const chunks: Uint8Array[] = [];
      for await (const chunk of result.body) chunks.push(chunk);
      expect(chunks.length).toBe(bodyLength < 1000 ? 1 : 2);
      expect(decoder.decode(await readAll(streamOf(chunks)))).toBe(
        injectRobots(html, () => ({ robots: 'noindex' })).html,
      );
    }
  });

  it('cancels the input and rethrows when resolve throws', async () => {
    let cancelled: unknown;
    const input = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('<!doctype html><head></head><body>'));
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    const failure = new Error('bad robots value');
    await expect(
      injectRobotsStream(input, () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(cancelled).toBe(failure);
  });

  it('passes on an input failing after the head, whether the failure is already there or comes later, and cancels the input when the page is cancelled', async () => {
    const page = '<!doctype html><html><head><title>x</title></head><body><p>';
    const head = encoder.encode(page);
    for (const late of [false, true]) {
      const failure = new Error(`render failed ${late ? 'later' : 'at once'}`);
      let reads = 0;
      const input = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (reads++ === 0) return controller.enqueue(head);
          if (late) await new Promise((resolve) => setTimeout(resolve, 5));
          controller.error(failure);
        },
      });
      const result = await injectRobotsStream(input, () => ({ robots: 'noindex' }));
      // The failing read settles first: the output hands it over from a read that is already there.
      if (!late) await new Promise((resolve) => setTimeout(resolve, 5));
      const reader = result.body.getReader();
      const first = await reader.read();
      expect(decoder.decode(first.value)).toBe(injectRobots(page, () => ({ robots: 'noindex' })).html);
      expect(decoder.decode(first.value)).toContain('<meta name="robots" content="noindex">');
      await expect(reader.read()).rejects.toBe(failure);
    }
    let cancelled: unknown;
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    const result = await injectRobotsStream(endless, () => ({ robots: 'noindex' }));
    await result.body.cancel('client went away');
    expect(cancelled).toBe('client went away');
  });

  it('scans a head sent in many chunks in linear time: CPU against the same page in one chunk', async () => {
    const filler = '<meta name="x" content="y">';
    const html = `<!doctype html><html><head>${filler.repeat(Math.floor((1 << 17) / filler.length))}</head><body>x</body></html>`;
    const bytes = encoder.encode(html);
    const chunkSize = 64;
    const manyChunks = Array.from({ length: Math.ceil(bytes.byteLength / chunkSize) }, (_, i) =>
      bytes.subarray(i * chunkSize, (i + 1) * chunkSize),
    );
    const run = async (chunks: Uint8Array[]): Promise<void> => {
      const result = await injectRobotsStream(streamOf(chunks), () => ({ robots: 'noindex' }));
      await readAll(result.body);
    };
    const cpu = async (chunks: Uint8Array[]): Promise<number> => {
      let best = Infinity;
      for (let trial = 0; trial < 5; trial++) {
        const start = process.cpuUsage();
        await run(chunks);
        const used = process.cpuUsage(start);
        best = Math.min(best, used.user + used.system);
      }
      return best;
    };
    await run(manyChunks);
    await run([bytes]);
    // Scanning the whole prefix again after each of the ~2,000 chunks would make this ratio several hundred.
    expect((await cpu(manyChunks)) / (await cpu([bytes]))).toBeLessThan(8);
  });
});
