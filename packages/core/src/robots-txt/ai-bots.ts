/** The AI crawlers robots-kit can block, with their purpose and the date the list was reviewed. */
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
  /** What blocking it changes. */
  description: string;
  /** Where the token and its purpose are documented: the operator's page, else the directory that lists it. */
  source: string;
  /** When the entry was last checked against {@link source} (YYYY-MM-DD). */
  reviewed: string;
}

/** When {@link AI_BOTS} as a whole was last checked (the latest entry's `reviewed`). */
export const AI_BOTS_REVIEWED = '2026-11-22';

const OPENAI = 'https://platform.openai.com/docs/bots';
const ANTHROPIC =
  'https://support.anthropic.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler';
const PERPLEXITY = 'https://docs.perplexity.ai/guides/bots';
const META = 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers';
const AMAZON = 'https://developer.amazon.com/amazonbot';
const MISTRAL = 'https://docs.mistral.ai/robots';
const AI2 = 'https://allenai.org/crawler';
const DARK_VISITORS = 'https://darkvisitors.com/agents/';
const FIRST = '2026-11-21';
const NOW = '2026-11-22';

/**
 * The AI training, AI search and user-directed retrieval agents, and the AI control tokens, that
 * `robotsTxt.blockAiBots` can disallow, grouped by purpose. Agents whose token is not a product
 * token at all (`Kangaroo Bot`, with a space) are left out: no robots.txt line can name them.
 */
export const AI_BOTS: readonly AiBot[] = [
  {
    userAgent: 'GPTBot',
    operator: 'OpenAI',
    purpose: 'ai-training',
    description: 'Crawls pages to train OpenAI models.',
    source: OPENAI,
    reviewed: FIRST,
  },
  {
    userAgent: 'OAI-SearchBot',
    operator: 'OpenAI',
    purpose: 'ai-search',
    description: 'Indexes pages for ChatGPT search results.',
    source: OPENAI,
    reviewed: FIRST,
  },
  {
    userAgent: 'ChatGPT-User',
    operator: 'OpenAI',
    purpose: 'ai-user',
    description: 'Fetches a page when a ChatGPT user or GPT asks for it.',
    source: OPENAI,
    reviewed: FIRST,
  },
  {
    userAgent: 'ClaudeBot',
    operator: 'Anthropic',
    purpose: 'ai-training',
    description: 'Crawls pages to train Anthropic models.',
    source: ANTHROPIC,
    reviewed: FIRST,
  },
  {
    userAgent: 'Claude-SearchBot',
    operator: 'Anthropic',
    purpose: 'ai-search',
    description: 'Indexes pages to improve Claude search answers.',
    source: ANTHROPIC,
    reviewed: FIRST,
  },
  {
    userAgent: 'Claude-User',
    operator: 'Anthropic',
    purpose: 'ai-user',
    description: 'Fetches a page when a Claude user asks for it.',
    source: ANTHROPIC,
    reviewed: FIRST,
  },
  {
    userAgent: 'Claude-Web',
    operator: 'Anthropic',
    purpose: 'ai-user',
    description: "Former name of Anthropic's user-directed fetcher, still seen in robots.txt files.",
    source: `${DARK_VISITORS}claude-web`,
    reviewed: FIRST,
  },
  {
    userAgent: 'anthropic-ai',
    operator: 'Anthropic',
    purpose: 'ai-training',
    description: 'Former Anthropic training token, kept for crawlers that still honour it.',
    source: `${DARK_VISITORS}anthropic-ai`,
    reviewed: FIRST,
  },
  {
    userAgent: 'Google-Extended',
    operator: 'Google',
    purpose: 'ai-control',
    description: 'Stops Google using pages Googlebot fetched to train and ground Gemini; Google Search is unaffected.',
    source: 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers#google-extended',
    reviewed: NOW,
  },
  {
    userAgent: 'Google-CloudVertexBot',
    operator: 'Google',
    purpose: 'ai-search',
    description:
      "Crawls a site, at its owner's request, for the Vertex AI agents built on it; Google Search is unaffected.",
    source: 'https://developers.google.com/crawling/docs/crawlers-fetchers/google-special-case-crawlers',
    reviewed: NOW,
  },
  {
    userAgent: 'Applebot-Extended',
    operator: 'Apple',
    purpose: 'ai-control',
    description:
      'Stops Apple using pages Applebot fetched to train its foundation models; Siri and Spotlight search are unaffected.',
    source: 'https://support.apple.com/en-us/119829',
    reviewed: FIRST,
  },
  {
    userAgent: 'PerplexityBot',
    operator: 'Perplexity',
    purpose: 'ai-search',
    description: 'Indexes pages for Perplexity answers.',
    source: PERPLEXITY,
    reviewed: FIRST,
  },
  {
    userAgent: 'Perplexity-User',
    operator: 'Perplexity',
    purpose: 'ai-user',
    description: 'Fetches a page when a Perplexity user asks for it.',
    source: PERPLEXITY,
    reviewed: FIRST,
  },
  {
    userAgent: 'Bytespider',
    operator: 'ByteDance',
    purpose: 'ai-training',
    description: 'Crawls pages to train ByteDance models (Doubao).',
    source: `${DARK_VISITORS}bytespider`,
    reviewed: FIRST,
  },
  {
    userAgent: 'CCBot',
    operator: 'Common Crawl',
    purpose: 'ai-training',
    description: 'Builds the open Common Crawl archive, a common source of model training data.',
    source: 'https://commoncrawl.org/ccbot',
    reviewed: FIRST,
  },
  {
    userAgent: 'meta-externalagent',
    operator: 'Meta',
    purpose: 'ai-training',
    description: 'Crawls pages to train Meta AI models and improve its products.',
    source: META,
    reviewed: FIRST,
  },
  {
    userAgent: 'Meta-ExternalFetcher',
    operator: 'Meta',
    purpose: 'ai-user',
    description: 'Fetches a page when a Meta AI user asks for it.',
    source: META,
    reviewed: FIRST,
  },
  {
    userAgent: 'FacebookBot',
    operator: 'Meta',
    purpose: 'ai-training',
    description:
      'Crawls pages to train Meta speech-recognition language models (link previews use facebookexternalhit, which is not blocked).',
    source: META,
    reviewed: FIRST,
  },
  {
    userAgent: 'Amazonbot',
    operator: 'Amazon',
    purpose: 'ai-training',
    description: 'Crawls pages to improve Amazon products and services and to train Amazon AI models.',
    source: AMAZON,
    reviewed: NOW,
  },
  {
    userAgent: 'Amzn-SearchBot',
    operator: 'Amazon',
    purpose: 'ai-search',
    description: 'Indexes pages for search in Amazon products (Alexa, Rufus); not used to train generative AI.',
    source: AMAZON,
    reviewed: NOW,
  },
  {
    userAgent: 'Amzn-User',
    operator: 'Amazon',
    purpose: 'ai-user',
    description: 'Fetches a page live when an Alexa user asks for up-to-date information.',
    source: AMAZON,
    reviewed: NOW,
  },
  {
    userAgent: 'bedrockbot',
    operator: 'Amazon Web Services',
    purpose: 'ai-user',
    description:
      'Crawls the URLs an AWS customer chose for an Amazon Bedrock knowledge base (it sends `bedrockbot_` and an id, and obeys a `bedrockbot` group).',
    source: 'https://docs.aws.amazon.com/bedrock/latest/userguide/webcrawl-data-source-connector.html',
    reviewed: NOW,
  },
  {
    userAgent: 'cohere-ai',
    operator: 'Cohere',
    purpose: 'ai-user',
    description: 'Fetches a page when a Cohere chat user asks for it.',
    source: `${DARK_VISITORS}cohere-ai`,
    reviewed: FIRST,
  },
  {
    userAgent: 'cohere-training-data-crawler',
    operator: 'Cohere',
    purpose: 'ai-training',
    description: 'Crawls pages to train Cohere models.',
    source: `${DARK_VISITORS}cohere-training-data-crawler`,
    reviewed: FIRST,
  },
  {
    userAgent: 'Diffbot',
    operator: 'Diffbot',
    purpose: 'ai-training',
    description: 'Extracts pages into a knowledge graph sold, among other uses, for AI training.',
    source: `${DARK_VISITORS}diffbot`,
    reviewed: FIRST,
  },
  {
    userAgent: 'MistralAI-User',
    operator: 'Mistral AI',
    purpose: 'ai-user',
    description: 'Fetches a page when a Le Chat user asks for it.',
    source: MISTRAL,
    reviewed: NOW,
  },
  {
    userAgent: 'MistralAI-Index',
    operator: 'Mistral AI',
    purpose: 'ai-search',
    description: "Indexes pages for Mistral AI's search; Mistral says what it collects is not used for training.",
    source: MISTRAL,
    reviewed: NOW,
  },
  {
    userAgent: 'YandexAdditional',
    operator: 'Yandex',
    purpose: 'ai-search',
    description: "Fetches pages for Yandex's AI answers (YandexGPT); Yandex Search indexing is unaffected.",
    source: 'https://yandex.com/support/webmaster/en/robot-workings/check-yandex-robots',
    reviewed: NOW,
  },
  {
    userAgent: 'AI2Bot',
    operator: 'Allen Institute for AI (Ai2)',
    purpose: 'ai-training',
    description: 'Crawls pages for the open data sets Ai2 trains its models on.',
    source: AI2,
    reviewed: NOW,
  },
  {
    userAgent: 'Ai2Bot-Dolma',
    operator: 'Allen Institute for AI (Ai2)',
    purpose: 'ai-training',
    description: 'Crawls pages for Dolma, the open pretraining data set of the OLMo models.',
    source: AI2,
    reviewed: NOW,
  },
  {
    userAgent: 'FirecrawlAgent',
    operator: 'Firecrawl',
    purpose: 'ai-user',
    description: "Fetches pages when a Firecrawl customer's AI agent or pipeline asks for them.",
    source: `${DARK_VISITORS}firecrawlagent`,
    reviewed: NOW,
  },
  {
    userAgent: 'ImagesiftBot',
    operator: 'Hive (ImageSift)',
    purpose: 'ai-training',
    description: 'Crawls images for reverse image search and AI data sets.',
    source: `${DARK_VISITORS}imagesiftbot`,
    reviewed: FIRST,
  },
  {
    userAgent: 'Omgilibot',
    operator: 'Webz.io',
    purpose: 'ai-training',
    description: 'Crawls pages for Webz.io data feeds sold for model training.',
    source: `${DARK_VISITORS}omgilibot`,
    reviewed: FIRST,
  },
  {
    userAgent: 'Webzio-Extended',
    operator: 'Webz.io',
    purpose: 'ai-control',
    description: 'Stops Webz.io selling pages it crawled for AI training.',
    source: `${DARK_VISITORS}webzio-extended`,
    reviewed: FIRST,
  },
  {
    userAgent: 'Timpibot',
    operator: 'Timpi',
    purpose: 'ai-training',
    description: 'Crawls pages for the Timpi index, offered as model training data.',
    source: `${DARK_VISITORS}timpibot`,
    reviewed: FIRST,
  },
  {
    userAgent: 'YouBot',
    operator: 'You.com',
    purpose: 'ai-search',
    description: 'Indexes pages for You.com AI search answers.',
    source: 'https://about.you.com/youbot/',
    reviewed: FIRST,
  },
  {
    userAgent: 'DuckAssistBot',
    operator: 'DuckDuckGo',
    purpose: 'ai-search',
    description: 'Fetches pages to write DuckAssist AI answers (DuckDuckGo search itself is unaffected).',
    source: 'https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot',
    reviewed: FIRST,
  },
  {
    userAgent: 'PanguBot',
    operator: 'Huawei',
    purpose: 'ai-training',
    description: 'Crawls pages to train Huawei PanGu models.',
    source: `${DARK_VISITORS}pangubot`,
    reviewed: FIRST,
  },
];
