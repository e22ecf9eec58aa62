// The body pass of `links` and `nosnippet` (issue 16) on the bench's 34 KB generated pages, in
// process: CPU per page of the page transform as it was before the feature (resolve + inject, the
// control), with the feature and no rules, with rules that apply to no page, and with rules on;
// and the body pass alone; against two floors: htmlparser2's Tokenizer (which the pass ran on until
// issue 16's last part) and the tokenizer it runs on now (issue 34), each with callbacks that do nothing.
// Variants run side by side in rotated order for several rounds; figures
// are medians with min–max, and costs are ratios to the control of the same round.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generatePage } from './generate-page.mjs';
import { median, root } from './lib.mjs';

const SITE = 'https://example.com';
const LINK_RULES = {
  links: [
    { rel: 'nofollow', external: true },
    { rel: 'ugc', within: ['.comments', '[data-ugc]'] },
    { rel: 'sponsored', hosts: ['*.amazon.com', 'amzn.to'] },
    { rel: 'nofollow', paths: ['/go/**'] },
  ],
  nosnippet: ['.newsletter-signup', '#price'],
};

function cpuMicros() {
  const { user, system } = process.cpuUsage();
  return user + system;
}
/** CPU ms per page of `task`, over every page, repeated until it used at least `minimumMs` (cheap variants would be mostly timer noise). */
function perPage(pages, task, minimumMs = 150) {
  const start = cpuMicros();
  let passes = 0;
  do {
    for (const page of pages) task(page);
    passes++;
  } while (cpuMicros() - start < minimumMs * 1000);
  return (cpuMicros() - start) / 1000 / (pages.length * passes);
}
const summary = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });

/** Runs the bench: `pages` generated pages, `rounds` rounds of every variant in rotated order. */
export async function benchBodyPass({ pages: count = 300, rounds = 7 } = {}) {
  const core = await import(pathToFileURL(join(root, 'packages/core/dist/index.js')).href);
  const runtime = await import(pathToFileURL(join(root, 'packages/core/dist/runtime.js')).href);
  const { normalizeOptions } = core;
  const { injectRobots, resolvePageTags, hasBodyRules, rewritePageBody, pageHasBodyRules } = runtime;
  const { Tokenizer } = await import('htmlparser2');
  const { Tokenizer: HtmlTokenizer } = await import(
    pathToFileURL(join(root, 'packages/core/dist/html/tokenizer.js')).href
  );
  const noop = () => {};
  // Told every tag's name and end tag, no attributes: what the body pass cannot do without.
  const idleSink = { openTag: () => false, attribute: noop, openTagEnd: noop, closeTag: noop };
  const silent = Object.fromEntries(
    [
      'onattribdata',
      'onattribentity',
      'onattribend',
      'onattribname',
      'oncdata',
      'onclosetag',
      'oncomment',
      'ondeclaration',
      'onend',
      'onopentagend',
      'onopentagname',
      'onprocessinginstruction',
      'onselfclosingtag',
      'ontext',
      'ontextentity',
    ].map((name) => [name, noop]),
  );
  const externalOnly = normalizeOptions({ site: SITE, links: [{ rel: 'nofollow', external: true }] });
  const pages = Array.from({ length: count }, (_, i) => ({ url: `/post-${i}/`, html: generatePage(i) }));
  const bytes = pages.reduce((sum, page) => sum + page.html.length, 0) / pages.length;
  const plain = normalizeOptions({ site: SITE });
  const elsewhere = normalizeOptions({
    site: SITE,
    links: [{ rel: 'ugc', pages: ['/forum/**'], within: '.comments' }],
    nosnippet: { rules: [{ pages: ['/forum/**'], selectors: ['.ad'] }] },
  });
  const rules = normalizeOptions({ site: SITE, ...LINK_RULES });

  const inject = (page, options) =>
    injectRobots(page.html, (existing) => resolvePageTags({ url: page.url, existing }, options).tags);
  // The transform as the adapters run it: head first, then (with the feature) the body pass when the options have rules.
  const withFeature = (options) => (page) => {
    const head = inject(page, options);
    const html = head.changed ? head.html : page.html;
    return hasBodyRules(options) ? rewritePageBody(html, page, options).html : html;
  };
  const variants = {
    'control: resolve + inject (before the feature)': (page) => inject(page, plain),
    'with the feature, no links/nosnippet options': withFeature(plain),
    'with the feature, rules for other pages only': withFeature(elsewhere),
    'with the feature, link and nosnippet rules on': withFeature(rules),
    'the body pass alone, rules on': (page) => rewritePageBody(page.html, page, rules),
    'the body pass alone, one `external` rule': (page) => rewritePageBody(page.html, page, externalOnly),
    "floor: htmlparser2's Tokenizer alone, no-op callbacks": (page) => {
      const tokenizer = new Tokenizer({ decodeEntities: false }, silent);
      tokenizer.write(page.html);
      tokenizer.end();
    },
    'floor: the tokenizer alone, no-op sink': (page) => new HtmlTokenizer(page.html, idleSink).run(),
  };
  const names = Object.keys(variants);
  // What each variant does to the pages: the no-rules paths plan no body pass at all.
  const bodyPasses = {
    none: pages.filter((page) => hasBodyRules(plain) && pageHasBodyRules(page, plain)).length,
    elsewhere: pages.filter((page) => pageHasBodyRules(page, elsewhere)).length,
    on: pages.filter((page) => pageHasBodyRules(page, rules)).length,
  };
  const changedLinks = pages.reduce(
    (sum, page) => sum + (rewritePageBody(page.html, page, rules).html.length - page.html.length > 0 ? 1 : 0),
    0,
  );
  for (const name of names) perPage(pages, variants[name], 0); // warm up

  const samples = Object.fromEntries(names.map((name) => [name, []]));
  const ratios = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]);
    const measured = {};
    for (const name of order) measured[name] = perPage(pages, variants[name]);
    for (const name of names) {
      samples[name].push(measured[name]);
      ratios[name].push(measured[name] / measured[names[0]]);
    }
  }
  const bodyAlone = summary(samples[names[4]]);
  return {
    pages: count,
    rounds,
    bytesPerPage: Math.round(bytes),
    pagesChanged: changedLinks,
    bodyPasses,
    variants: names.map((name) => ({ name, msPerPage: summary(samples[name]), ratio: summary(ratios[name]) })),
    target: { bodyPassMsPerPage: 0.3, met: bodyAlone.median <= 0.3 },
  };
}
