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

/** One AI agent that `blockAiBots` disallows. */
export interface AiBot {
  /** The product token to put after `User-agent:` (letters, `-`, `_`). */
  userAgent: string;
  /** Who runs it. */
  operator: string;
  purpose: AiBotPurpose;
  /** What blocking it changes. */
  description: string;
}

/** When {@link AI_BOTS} was last checked against the operators' documentation. */
export const AI_BOTS_REVIEWED = '2026-11-21';

/**
 * The AI training, AI search and user-directed retrieval agents that
 * `robotsTxt.blockAiBots` disallows. Tokens with characters outside
 * `[A-Za-z_-]` (such as `AI2Bot`) are left out: robots.txt product tokens
 * cannot carry them, and Google-style parsers would read only their start.
 */
export const AI_BOTS: readonly AiBot[] = [
  { userAgent: 'GPTBot', operator: 'OpenAI', purpose: 'ai-training', description: 'Crawls pages to train OpenAI models.' },
  { userAgent: 'OAI-SearchBot', operator: 'OpenAI', purpose: 'ai-search', description: 'Indexes pages for ChatGPT search results.' },
  { userAgent: 'ChatGPT-User', operator: 'OpenAI', purpose: 'ai-user', description: 'Fetches a page when a ChatGPT user or GPT asks for it.' },
  { userAgent: 'ClaudeBot', operator: 'Anthropic', purpose: 'ai-training', description: 'Crawls pages to train Anthropic models.' },
  { userAgent: 'Claude-SearchBot', operator: 'Anthropic', purpose: 'ai-search', description: 'Indexes pages to improve Claude search answers.' },
  { userAgent: 'Claude-User', operator: 'Anthropic', purpose: 'ai-user', description: 'Fetches a page when a Claude user asks for it.' },
  { userAgent: 'Claude-Web', operator: 'Anthropic', purpose: 'ai-user', description: 'Former name of Anthropic\'s user-directed fetcher, still seen in robots.txt files.' },
  { userAgent: 'anthropic-ai', operator: 'Anthropic', purpose: 'ai-training', description: 'Former Anthropic training token, kept for crawlers that still honour it.' },
  { userAgent: 'Google-Extended', operator: 'Google', purpose: 'ai-control', description: 'Stops Google using pages Googlebot fetched to train and ground Gemini; Google Search is unaffected.' },
  { userAgent: 'Applebot-Extended', operator: 'Apple', purpose: 'ai-control', description: 'Stops Apple using pages Applebot fetched to train its foundation models; Siri and Spotlight search are unaffected.' },
  { userAgent: 'PerplexityBot', operator: 'Perplexity', purpose: 'ai-search', description: 'Indexes pages for Perplexity answers.' },
  { userAgent: 'Perplexity-User', operator: 'Perplexity', purpose: 'ai-user', description: 'Fetches a page when a Perplexity user asks for it.' },
  { userAgent: 'Bytespider', operator: 'ByteDance', purpose: 'ai-training', description: 'Crawls pages to train ByteDance models (Doubao).' },
  { userAgent: 'CCBot', operator: 'Common Crawl', purpose: 'ai-training', description: 'Builds the open Common Crawl archive, a common source of model training data.' },
  { userAgent: 'meta-externalagent', operator: 'Meta', purpose: 'ai-training', description: 'Crawls pages to train Meta AI models and improve its products.' },
  { userAgent: 'Meta-ExternalFetcher', operator: 'Meta', purpose: 'ai-user', description: 'Fetches a page when a Meta AI user asks for it.' },
  { userAgent: 'FacebookBot', operator: 'Meta', purpose: 'ai-training', description: 'Crawls pages to train Meta speech-recognition language models (link previews use facebookexternalhit, which is not blocked).' },
  { userAgent: 'Amazonbot', operator: 'Amazon', purpose: 'ai-search', description: 'Crawls pages for Alexa answers and other Amazon AI services.' },
  { userAgent: 'cohere-ai', operator: 'Cohere', purpose: 'ai-user', description: 'Fetches a page when a Cohere chat user asks for it.' },
  { userAgent: 'cohere-training-data-crawler', operator: 'Cohere', purpose: 'ai-training', description: 'Crawls pages to train Cohere models.' },
  { userAgent: 'Diffbot', operator: 'Diffbot', purpose: 'ai-training', description: 'Extracts pages into a knowledge graph sold, among other uses, for AI training.' },
  { userAgent: 'MistralAI-User', operator: 'Mistral AI', purpose: 'ai-user', description: 'Fetches a page when a Le Chat user asks for it.' },
  { userAgent: 'ImagesiftBot', operator: 'Hive (ImageSift)', purpose: 'ai-training', description: 'Crawls images for reverse image search and AI data sets.' },
  { userAgent: 'Omgilibot', operator: 'Webz.io', purpose: 'ai-training', description: 'Crawls pages for Webz.io data feeds sold for model training.' },
  { userAgent: 'Webzio-Extended', operator: 'Webz.io', purpose: 'ai-control', description: 'Stops Webz.io selling pages it crawled for AI training.' },
  { userAgent: 'Timpibot', operator: 'Timpi', purpose: 'ai-training', description: 'Crawls pages for the Timpi index, offered as model training data.' },
  { userAgent: 'YouBot', operator: 'You.com', purpose: 'ai-search', description: 'Indexes pages for You.com AI search answers.' },
  { userAgent: 'DuckAssistBot', operator: 'DuckDuckGo', purpose: 'ai-search', description: 'Fetches pages to write DuckAssist AI answers (DuckDuckGo search itself is unaffected).' },
  { userAgent: 'PanguBot', operator: 'Huawei', purpose: 'ai-training', description: 'Crawls pages to train Huawei PanGu models.' },
];
