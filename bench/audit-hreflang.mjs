// The cost of the audit's hreflang checks (issue 16 part 3), as ratios in the same run: the
// audit of a site whose pages each name every language version (complete clusters, so every
// link is looked up and checked for its return link) against the same site without the links
// (the control), at two sizes, to show the checks stay linear in the links. Each audit runs in a
// fresh process; the order alternates per round; medians with min–max.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatePage } from './generate-page.mjs';
import { median, root, runNode, work } from './lib.mjs';

/** `pages` pages in `languages` folders (`/l00/…`), each page naming its versions when `links`. */
function siteFolder(pages, languages, links) {
  const dir = join(work, `hreflang-${pages}-${languages}-${links ? 'links' : 'control'}`);
  const perLanguage = Math.ceil(pages / languages);
  const lang = (i) => `l${String(i).padStart(2, '0')}`.replace(/\d/g, (d) => 'abcdefghij'[d]);
  if (existsSync(dir) && readdirSync(dir).length === languages) return dir;
  for (let l = 0; l < languages; l++) {
    mkdirSync(join(dir, lang(l)), { recursive: true });
    for (let i = 0; i < perLanguage; i++) {
      const alternates = links
        ? Array.from(
            { length: languages },
            (_, k) => `<link rel="alternate" hreflang="${lang(k)}" href="https://example.com/${lang(k)}/p${i}.html">`,
          ).join('')
        : '';
      writeFileSync(
        join(dir, lang(l), `p${i}.html`),
        generatePage(l * perLanguage + i).replace('</head>', `${alternates}</head>`),
      );
    }
  }
  return dir;
}

/** Seconds per audit of each site, alternating which runs first, and the ratios to the control. */
export function benchAuditHreflang({ sizes = [2000, 4000], languages = 20, rounds = 5 } = {}) {
  const script = join(root, 'bench', 'audit-worker.mjs');
  return sizes.map((pages) => {
    const control = siteFolder(pages, languages, false);
    const linked = siteFolder(pages, languages, true);
    const times = { control: [], linked: [] };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ['control', 'linked'] : ['linked', 'control'];
      for (const which of order) {
        const result = runNode(script, [which === 'control' ? control : linked]);
        times[which].push(result.pages / result.pagesPerSecond);
        if (which === 'linked' && result.findings.some((id) => id.startsWith('hreflang-')))
          throw new Error(`the complete clusters gave findings: ${result.findings}`);
      }
    }
    const ratios = times.linked.map((seconds, i) => seconds / times.control[i]);
    return {
      pages,
      languages,
      links: pages * languages,
      rounds,
      controlSeconds: median(times.control),
      linkedSeconds: median(times.linked),
      ratio: median(ratios),
      ratioMin: Math.min(...ratios),
      ratioMax: Math.max(...ratios),
      /** Extra milliseconds per hreflang link, from the medians. */
      extraMsPerLink: ((median(times.linked) - median(times.control)) * 1000) / (pages * languages),
    };
  });
}
