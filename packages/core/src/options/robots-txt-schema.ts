/**
 * The `robotsTxt` option in the options schema: its shape (strict, each key described for the
 * reference), with the values checked by the robots.txt module's own `validateRobotsTxtOptions`
 * (paths, product tokens, AI purposes, content signals, control characters), whose errors say
 * what robots.txt would make of a bad value. The types users read are `RobotsTxtOptions` in
 * `robots-txt/options.ts`; a compile-time check below keeps the two the same.
 */
import { z } from 'zod';
import type { RobotsTxtOptions } from '../robots-txt/options.js';
import { validateRobotsTxtOptions } from '../robots-txt/validate-options.js';
import { AI_BOT_PURPOSES, type AiBotPurpose } from '../robots-txt/ai-bots.js';
import { contentUsageSchema } from '../headers/options.js';
import { checkedBy, documented, SCHEMA_SOURCE } from './fields.js';

const signal = (use: string) =>
  documented(z.enum(['yes', 'no'], { error: 'expected `yes` or `no`' }).optional(), {
    description: `Whether the content may be used for ${use}.`,
    default: 'unset (no signal)',
  });
const contentSignal = z
  .object(
    {
      search: signal('a search index and links to it in results'),
      'ai-input': signal('answers of an AI model (grounding, RAG)'),
      'ai-train': signal('training or fine-tuning AI models'),
      use: documented(
        z.enum(['immediate', 'reference', 'full'], { error: 'expected `immediate`, `reference` or `full`' }).optional(),
        { description: "Cloudflare's `use=`: how far an AI answer may use the content.", default: 'unset (no signal)' },
      ),
    },
    { error: 'expected an object such as `{ search: "yes", "ai-train": "no" }`' },
  )
  // Any other signal Cloudflare documents is passed through with a build warning (validateContentSignal).
  .catchall(z.string().optional());
/** AI preferences: terms and values are checked by `validateContentUsage`, whose errors name a removed term's reason. */
const usage = contentUsageSchema;
const usagePaths = z.record(z.string(), usage, {
  error: "expected an object of paths to preferences such as `{ '/gallery/': { 'train-ai': 'n' } }`",
});
const paths = z.array(z.string({ error: 'expected a path starting with `/`' }), {
  error: 'expected a list of paths starting with `/`',
});
const tokens = (what: string) =>
  z.array(z.string({ error: `expected ${what}` }), { error: `expected a list of ${what}s` });

/** One `robotsTxt.groups` entry. */
export const robotsTxtGroupSchema = z.strictObject(
  {
    userAgent: documented(
      z.union([z.string(), z.array(z.string())], {
        error: 'expected a product token such as `Googlebot`, `*`, or a list of them',
      }),
      { description: 'The crawlers the group is for: product tokens (`Googlebot`) or `*`. Required.' },
    ),
    allow: documented(paths.optional(), {
      description: 'Paths the crawlers may fetch, each starting with `/` or `*`.',
    }),
    disallow: documented(paths.optional(), {
      description:
        "Paths the crawlers must not fetch (`''` disallows nothing); a group with neither gets an empty `Disallow:`.",
    }),
    crawlDelay: documented(z.number({ error: 'expected a number of seconds, e.g. `5`' }).optional(), {
      description: 'Seconds between requests (Bing and Yandex read it, Google does not).',
    }),
    comment: documented(
      z.union([z.string(), z.array(z.string())], { error: 'expected a string or a list of strings' }).optional(),
      { description: 'Comment line(s) above the group, without the `#`.' },
    ),
    contentSignal: documented(contentSignal.optional(), {
      description: 'A `Content-Signal` line for these crawlers only.',
    }),
    contentUsage: documented(usage.optional(), { description: 'A `Content-Usage` line for these crawlers only.' }),
    contentUsagePaths: documented(usagePaths.optional(), {
      description: '`Content-Usage` lines for paths, for these crawlers only.',
    }),
  },
  { error: 'expected an object such as `{ userAgent: "*", disallow: ["/private/"] }`' },
);

/** The `robotsTxt` options' shape (what `validateRobotsTxtOptions` checks value by value). */
const robotsTxtShape = z.strictObject({
  groups: documented(z.array(robotsTxtGroupSchema, { error: 'expected a list of groups' }).optional(), {
    description: 'The `User-agent` groups to write.',
    default: 'one `User-agent: *` group with an empty `Disallow:`',
  }),
  sitemap: documented(
    z
      .union([z.literal(true), z.string(), z.array(z.string())], {
        error: 'expected an absolute URL (`https://example.com/sitemap.xml`), a path starting with `/`, or `true`',
      })
      .optional(),
    {
      description:
        "`Sitemap` lines: absolute URLs, paths resolved against `site`, or `true` for the site's default sitemap.",
    },
  ),
  blockAiBots: documented(
    z
      .union(
        [
          z.boolean(),
          z.strictObject({
            purposes: documented(
              z
                .array(
                  // Any string here: `validateRobotsTxtOptions` refuses the others, knowing what `training` meant.
                  z.custom<AiBotPurpose>((value) => typeof value === 'string', {
                    message: `expected one of ${AI_BOT_PURPOSES.map((p) => `\`${p}\``).join(', ')}`,
                  }),
                  { error: "expected a list of purposes, e.g. `['ai-training']`" },
                )
                .optional(),
              {
                description: 'The purposes to block.',
                type: AI_BOT_PURPOSES.map((p) => `\`${p}\``).join(' | ') + ' (a list)',
                default: 'all four',
              },
            ),
            except: documented(tokens('token of the AI bot list').optional(), {
              description: "Listed tokens to leave out, e.g. `['ChatGPT-User']`.",
            }),
            extra: documented(tokens('product token').optional(), {
              description: 'More product tokens to block, e.g. an agent the list does not have yet.',
            }),
            bing: documented(z.boolean({ error: 'expected `true` or `false`' }).optional(), {
              description: "Also `bingbot: noarchive, nocache` on every page: Bing's documented opt-out of AI use.",
              default: '`false`',
            }),
          }),
        ],
        { error: "expected `true`, `false` or an object such as `{ purposes: ['ai-training'], except: ['CCBot'] }`" },
      )
      .optional(),
    {
      description:
        'A group disallowing `/` for the AI agents robots-kit lists: `true` for all, or `{ purposes, except, extra }`.',
      default: '`false`',
    },
  ),
  contentSignal: documented(contentSignal.optional(), {
    description:
      'A `Content-Signal` line (`search`, `ai-input`, `ai-train`: `yes`/`no`; `use`: `immediate`/`reference`/`full`) in the `User-agent: *` group.',
  }),
  contentUsage: documented(usage.optional(), {
    description:
      "A `Content-Usage` line (IETF AI Preferences, e.g. `{ 'train-ai': 'n' }`) in the `User-agent: *` group.",
  }),
  contentUsagePaths: documented(usagePaths.optional(), {
    description:
      "`Content-Usage` lines for paths (`{ '/gallery/': { 'train-ai': 'n' } }`) in the `User-agent: *` group.",
  }),
});

/**
 * The robotsTxt options: their shape, then every value checked by the robots.txt module
 * (`validateRobotsTxtOptions`), whose errors name a removed AI-preference term's reason, a
 * synonym's did-you-mean and the option path. Exported for tools that validate a config with zod.
 */
export const robotsTxtOptionsSchema = robotsTxtShape.transform(
  checkedBy((options: RobotsTxtOptions): RobotsTxtOptions => {
    validateRobotsTxtOptions(options, SCHEMA_SOURCE);
    return options;
  }),
);
/** The option: `false` for no robots.txt, or the options. */
export const robotsTxtOption = z
  .union([z.literal(false), robotsTxtOptionsSchema], { error: 'expected `false` or an object of robots.txt options' })
  .default({});

/** `true` when `A` and `B` are each assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time: the types users read and the schema accept the same values. */
const schemaMatchesTypes: Same<z.input<typeof robotsTxtShape>, RobotsTxtOptions> = true;
void schemaMatchesTypes;
