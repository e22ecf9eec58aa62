// Refreshes `AI_BOTS` from the dated ai.robots.txt
// snapshot (packages/core/data/ai-robots-txt/robots.json) and what the operators document
// (packages/core/data/ai-bots-documented.json, which wins), between the generated markers of
// packages/core/src/robots-txt/ai-bots.ts. Fails, writing nothing, on a token that
// is not a product token robots-kit can write, on an entry whose purpose it cannot tell, and on a
// field that cannot go on one line of the table.
//
//   npx tsc -b && node scripts/refresh-ai-bots.mjs [--date YYYY-MM-DD] [--check]
//
// `--date` is the review date written into the list (default: today, UTC). `--check` writes
// nothing and exits 1 when the file on disk differs from what the script would write.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const core = join(root, 'packages/core');
const SNAPSHOT = join(core, 'data/ai-robots-txt/robots.json');
const ORIGIN = join(core, 'data/ai-robots-txt/ORIGIN.md');
const DOCUMENTED = join(core, 'data/ai-bots-documented.json');
const OUTPUT = join(core, 'src/robots-txt/ai-bots.ts');
const BEGIN = '// generated:begin';
const END = '// generated:end';
const BUILT = join(core, 'dist/robots-txt/validate-options.js');
const PURPOSES = ['ai-training', 'ai-search', 'ai-user', 'ai-control'];

function fail(message) {
  process.stderr.write(`refresh-ai-bots: ${message}\n`);
  process.exit(1);
}
if (!existsSync(BUILT)) fail('packages/core is not built: run `npx tsc -b` first.');
// The one rule the generator's validation applies to `User-agent` values.
const { isWritableProductToken } = await import(BUILT);

const args = process.argv.slice(2);
const dateAt = args.indexOf('--date');
const date = dateAt >= 0 ? args[dateAt + 1] : new Date().toISOString().slice(0, 10);
if (!/^\d{4}-\d\d-\d\d$/.test(date ?? '') || Number.isNaN(Date.parse(date)))
  fail(`--date must be YYYY-MM-DD, got ${date}`);
const check = args.includes('--check');

const snapshot = JSON.parse(readFileSync(SNAPSHOT, 'utf8'));
const documented = JSON.parse(readFileSync(DOCUMENTED, 'utf8'));
const commit = /commit: `([0-9a-f]{40})`/.exec(readFileSync(ORIGIN, 'utf8'))?.[1];
if (!commit) fail(`${ORIGIN} names no commit`);

/** ai.robots.txt's `function` categories (Known Agents' names) and the purpose each stands for. */
const CATEGORIES = new Map([
  ['ai search crawlers', 'ai-search'],
  ['ai assistants', 'ai-user'],
  ['ai agents', 'ai-user'],
  ['ai coding agents', 'ai-user'],
  ['ai data scrapers', 'ai-training'],
  ['ai data scraper', 'ai-training'],
  ['ai data providers', 'ai-training'],
  ['llm training.', 'ai-training'],
  ['llm/ai training.', 'ai-training'],
  ['ai model training.', 'ai-training'],
  ['training language models', 'ai-training'],
  ['content is used to train open language models.', 'ai-training'],
  ["scrapes data to train anthropic's ai products.", 'ai-training'],
  ['collects data for ai search', 'ai-search'],
  ['search result generation.', 'ai-search'],
]);
const stripMarkdown = (text) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
const firstUrl = (...texts) => {
  for (const text of texts) {
    const url = /https:\/\/[^\s)\]"]+/.exec(text ?? '')?.[0];
    if (url) return url.replace(/[.,;]+$/, '');
  }
  return undefined;
};
function obeys(respect) {
  const text = stripMarkdown(respect ?? '').toLowerCase();
  if (text.startsWith('yes')) return 'yes';
  if (text.startsWith('no')) return 'no';
  return 'unknown';
}
function operatorOf(entry) {
  const text = stripMarkdown(entry.operator ?? '');
  if (/^unclear|^unknown|^$/i.test(text)) return 'unknown';
  if (/^https?:\/\//.test(text)) return new URL(text).hostname.replace(/^www\./, '');
  return text
    .split(/ that | which |, |\(/)[0]
    .trim()
    .slice(0, 60);
}
/** The description's first sentence, at most 160 characters, cut at a word; the `function` when it says nothing. */
function describe(entry) {
  const text = stripMarkdown(entry.description ?? '')
    .replace(/More info can be found at \S+/, '')
    .replace(/\s*(…|\.\.\.)\s*$/, '…')
    .trim();
  if (/unavailable/i.test(text) || text.length < 20)
    return `Listed by ai.robots.txt as: ${stripMarkdown(entry.function ?? 'AI agent')}.`;
  const sentence = /^.*?[.!](?=\s|$)/.exec(text)?.[0] ?? text;
  if (sentence.length <= 160) return sentence;
  return `${sentence.slice(0, 160).replace(/[\s,;:]+\S*$/, '')}…`;
}

const problems = [];
const leftOut = new Set(Object.keys(documented.leftOut).map((token) => token.toLowerCase()));
const notTokens = new Set(Object.keys(documented.notProductTokens));
const purposeOf = new Map(
  Object.entries(documented.purposes).map(([token, purpose]) => [token.toLowerCase(), purpose]),
);
const bots = new Map();
for (const [token, fields] of Object.entries(documented.documented)) {
  bots.set(token.toLowerCase(), { userAgent: token, ...fields });
}
for (const [token, entry] of Object.entries(snapshot)) {
  const key = token.toLowerCase();
  if (leftOut.has(key) || bots.has(key)) continue;
  if (!isWritableProductToken(token)) {
    if (!notTokens.has(token))
      problems.push(
        `\`${token}\` is not a product token (letters, digits, \`-\`, \`_\`): add it to notProductTokens in ${DOCUMENTED} with what to do instead`,
      );
    continue;
  }
  const purpose = purposeOf.get(key) ?? CATEGORIES.get((entry.function ?? '').trim().toLowerCase());
  if (!purpose) {
    problems.push(
      `\`${token}\`: cannot tell its purpose from "${entry.function}"; add it to purposes in ${DOCUMENTED}`,
    );
    continue;
  }
  bots.set(key, {
    userAgent: token,
    operator: operatorOf(entry),
    purpose,
    obeysRobotsTxt: obeys(entry.respect),
    description: describe(entry),
    source:
      firstUrl(entry.description, entry.operator, entry.respect) ??
      `https://github.com/ai-robots-txt/ai.robots.txt/blob/${commit}/robots.json`,
    reviewed: date,
  });
}
for (const token of notTokens)
  if (!(token in snapshot)) problems.push(`notProductTokens names \`${token}\`, which robots.json no longer lists`);
for (const bot of bots.values()) {
  if (!isWritableProductToken(bot.userAgent))
    problems.push(`\`${bot.userAgent}\` is not a product token robots-kit can write`);
  if (!PURPOSES.includes(bot.purpose)) problems.push(`\`${bot.userAgent}\`: unknown purpose ${bot.purpose}`);
  if (!['yes', 'no', 'unknown'].includes(bot.obeysRobotsTxt))
    problems.push(`\`${bot.userAgent}\`: obeysRobotsTxt must be yes, no or unknown`);
  if (!/^https:\/\//.test(bot.source)) problems.push(`\`${bot.userAgent}\`: source is not an https URL: ${bot.source}`);
  if (!/^\d{4}-\d\d-\d\d$/.test(bot.reviewed)) problems.push(`\`${bot.userAgent}\`: reviewed is not YYYY-MM-DD`);
  for (const [name, value] of Object.entries(bot)) {
    if (typeof value !== 'string' || value === '' || /[|\r\n\u0000-\u001f`\\]/.test(value))
      problems.push(
        `\`${bot.userAgent}\`: ${name} is empty or holds a character the table cannot carry (| \` \\ or a control character)`,
      );
  }
}
if (problems.length > 0) fail(`nothing written:\n- ${problems.join('\n- ')}`);

const list = [...bots.values()].sort(
  (a, b) =>
    PURPOSES.indexOf(a.purpose) - PURPOSES.indexOf(b.purpose) ||
    (a.userAgent.toLowerCase() < b.userAgent.toLowerCase() ? -1 : 1),
);
const reviewed = list
  .map((bot) => bot.reviewed)
  .sort()
  .at(-1);
const quote = (text) => `'${text.replaceAll("'", "\\'")}'`;
const rows = list.map((bot) =>
  quote(
    [bot.userAgent, bot.operator, bot.purpose, bot.obeysRobotsTxt, bot.reviewed, bot.source, bot.description].join(
      ' | ',
    ),
  ),
);
const module = readFileSync(OUTPUT, 'utf8');
const begin = module.indexOf(BEGIN);
const end = module.indexOf(END);
if (begin < 0 || end < begin) fail(`${OUTPUT} has no ${BEGIN} … ${END} block`);
const commentEnd = module.lastIndexOf('//', module.indexOf('\n/**', begin));
const preamble = module.slice(0, module.indexOf('\n', commentEnd) + 1);
const generated = `/** When the list was last refreshed: the latest \`reviewed\` of its entries (YYYY-MM-DD). */
export const AI_BOTS_REVIEWED = '${reviewed}';

/** token | operator | purpose | obeys robots.txt (yes, no, unknown) | reviewed | source | description */
const AI_BOTS_TABLE: readonly string[] = [
${rows.map((row) => `  ${row},`).join('\n')}
];
`;
const text = preamble + generated + module.slice(end);
if (check) {
  const current = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : '';
  const formatted = spawnSync('npx', ['biome', 'format', `--stdin-file-path=${OUTPUT}`], {
    cwd: root,
    input: text,
    encoding: 'utf8',
  }).stdout;
  if (formatted !== current) fail(`${OUTPUT} is not what the data gives: run node scripts/refresh-ai-bots.mjs`);
  process.stdout.write(`${OUTPUT} is up to date (${list.length} agents).\n`);
} else {
  writeFileSync(OUTPUT, text);
  spawnSync('npx', ['biome', 'format', '--write', OUTPUT], { cwd: root, stdio: 'inherit' });
  process.stdout.write(
    `wrote ${OUTPUT}: ${list.length} agents (${PURPOSES.map((purpose) => `${list.filter((bot) => bot.purpose === purpose).length} ${purpose}`).join(', ')}), reviewed ${reviewed}\n`,
  );
}
