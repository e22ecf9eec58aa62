/**
 * The AI agents robots-kit can block, by purpose, each with its operator, whether it is documented
 * to obey robots.txt, its source and review date; and how old the list is. The entries themselves
 * are generated (`ai-bots-list.ts`, by `scripts/refresh-ai-bots.mjs`).
 */
import { AI_BOTS_REVIEWED, AI_BOTS_TABLE } from './ai-bots-list.js';

export { AI_BOTS_REVIEWED };
/** Why an AI agent fetches pages. */
export type AiBotPurpose =
  /** Collects pages to train models. */
  | 'ai-training'
  /** Indexes pages for an AI search or answer engine. */
  | 'ai-search'
  /** Fetches a page when a person asks an assistant to (user-directed retrieval). */
  | 'ai-user'
  /** Not a crawler: a token the operator's regular crawler obeys for AI use of what it fetched. */
  | 'ai-control';

/** Every purpose, in the order the generator's comment names them. */
export const AI_BOT_PURPOSES: readonly AiBotPurpose[] = ['ai-training', 'ai-search', 'ai-user', 'ai-control'];

/** One AI agent that `blockAiBots` disallows. */
export interface AiBot {
  /**
   * The product token to put after `User-agent:`, as its operator documents it: letters, `-`,
   * `_`, and for a few (`AI2Bot`) digits, which parsers that follow Google's do not read.
   */
  userAgent: string;
  /** Who runs it. */
  operator: string;
  purpose: AiBotPurpose;
  /**
   * Whether it obeys robots.txt, as its operator documents (or, where the operator says nothing,
   * as ai.robots.txt records): `no` means a `Disallow` asks but does not stop it.
   */
  obeysRobotsTxt: 'yes' | 'no' | 'unknown';
  /** What it does, and what blocking it changes. */
  description: string;
  /** Where the token and its purpose are documented: the operator's page, else the directory that lists it (Known Agents, ai.robots.txt). */
  source: string;
  /** When the entry was last checked against {@link source} (YYYY-MM-DD). */
  reviewed: string;
}

/**
 * The AI training, AI search and user-directed retrieval agents, and the AI control tokens, that
 * `robotsTxt.blockAiBots` can disallow, by purpose, then token. Agents whose name is not a product
 * token (`Kangaroo Bot`, with a space) are left out: no robots.txt line can name them; so are
 * crawlers whose main job is not AI (`Applebot`, `facebookexternalhit`) and ordinary words
 * (`Spider`). `packages/core/data/ai-bots-documented.json` says why for each.
 */
export const AI_BOTS: readonly AiBot[] = AI_BOTS_TABLE.map((row): AiBot => {
  const [userAgent, operator, purpose, obeysRobotsTxt, reviewed, source, description] = row.split(' | ') as [
    string,
    string,
    AiBotPurpose,
    AiBot['obeysRobotsTxt'],
    string,
    string,
    string,
  ];
  return { userAgent, operator, purpose, obeysRobotsTxt, description, source, reviewed };
});

/** How many days the list may go unreviewed before a build says so. */
export const AI_BOTS_MAX_AGE_DAYS = 90;
/** Whole days from {@link AI_BOTS_REVIEWED} to `now`. */
export function aiBotsListAge(now: Date = new Date()): number {
  return Math.floor((now.getTime() - Date.parse(`${AI_BOTS_REVIEWED}T00:00:00Z`)) / 86_400_000);
}
