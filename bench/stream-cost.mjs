// What a prerendered Astro page costs robots-kit's middleware, apart from Astro, in mutator
// instructions per page (callgrind, the collector's left out, 30 warm-up passes, then the difference of N and 2N passes
// over 100 built pages): the ways a page can go through the head edit. Not part of `npm run
// bench`: a tool for changing the stream path.
//
//   node bench/stream-cost.mjs <built pages folder> [passes]
//
// e.g. bench/.work/astro-starter-1000/dist-none/blog (built by `--instructions-frameworks=astro-starter`).
// Modes: `string` injectRobots on the decoded page; `stream` injectRobotsStream over a Response
// body, read back as Astro reads it (`arrayBuffer()`); `roundTrip` that Response read back with
// no edit (what one stream layer costs); `whole` the page read whole, edited as a string and
// returned in a new Response (the alternative to streaming).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { splitCallgrindOutput } from './instructions.mjs';

const MODES = {
  string: async ({ injectRobots }, page, resolve) => injectRobots(new TextDecoder().decode(page), resolve).html.length,
  stream: async ({ injectRobotsStream }, page, resolve) =>
    (await new Response((await injectRobotsStream(new Response(page).body, resolve)).body).arrayBuffer()).byteLength,
  roundTrip: async (_, page) => (await new Response(new Response(page).body).arrayBuffer()).byteLength,
  whole: async ({ injectRobots }, page, resolve) => {
    const bytes = new Uint8Array(await new Response(page).arrayBuffer());
    return (
      await new Response(
        new TextEncoder().encode(injectRobots(new TextDecoder().decode(bytes), resolve).html),
      ).arrayBuffer()
    ).byteLength;
  },
};

const [dir, passes = '10', mode] = process.argv.slice(2);
if (mode !== undefined) {
  // One measured process: warm-up, then `passes` passes.
  const core = await import('@robots-kit/core/internal/runtime');
  const pages = readdirSync(dir)
    .slice(0, 100)
    .map((name) => new Uint8Array(readFileSync(join(dir, name, 'index.html'))));
  const resolve = () => ({ robots: 'noindex, follow' });
  const pass = async () => {
    for (const page of pages) await MODES[mode](core, page, resolve);
  };
  for (let i = 0; i < 30; i++) await pass();
  for (let i = 0; i < Number(passes); i++) await pass();
} else if (dir !== undefined) {
  const perPage = {};
  for (const name of Object.keys(MODES)) {
    const counts = [Number(passes), 2 * Number(passes)].map((n) => {
      const out = join(tmpdir(), `stream-cost-${process.pid}-${name}-${n}.out`);
      const run = spawnSync(
        'valgrind',
        [
          '--tool=callgrind',
          `--callgrind-out-file=${out}`,
          process.execPath,
          '--single-threaded',
          new URL(import.meta.url).pathname,
          dir,
          String(n),
          name,
        ],
        { encoding: 'utf8' },
      );
      if (run.status !== 0) throw new Error(run.stderr);
      // The mutator's count: the collector's depends on when V8 decides to collect, which these allocating modes move.
      const { mutator } = splitCallgrindOutput(out);
      rmSync(out, { force: true });
      return mutator;
    });
    perPage[name] = Math.round((counts[1] - counts[0]) / (Number(passes) * 100));
  }
  console.log(JSON.stringify({ instructionsPerPage: perPage }));
} else {
  console.error('usage: see the comment at the top of bench/stream-cost.mjs');
  process.exit(2);
}
