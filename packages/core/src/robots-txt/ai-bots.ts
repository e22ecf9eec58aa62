/**
 * The AI agents robots-kit can block, by purpose, each with its operator, whether it is documented
 * to obey robots.txt, its source and review date; and how old the list is. The entries themselves
 * are generated, between the `generated` markers below, by `scripts/refresh-ai-bots.mjs`.
 */
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

// generated:begin by scripts/refresh-ai-bots.mjs from the ai.robots.txt snapshot
// (packages/core/data/ai-robots-txt/robots.json) and packages/core/data/ai-bots-documented.json:
// do not edit, change those and run the script.
/** When the list was last refreshed: the latest `reviewed` of its entries (YYYY-MM-DD). */
export const AI_BOTS_REVIEWED = '2026-11-28';

/** token | operator | purpose | obeys robots.txt (yes, no, unknown) | reviewed | source | description */
const AI_BOTS_TABLE: readonly string[] = [
  'AgentTimes | The Agent Times | ai-training | unknown | 2026-11-28 | https://theagenttimes.com/about | Scrapes data for AI news aggregation and republishing.',
  'AI2Bot | Allen Institute for AI (Ai2) | ai-training | yes | 2026-11-22 | https://allenai.org/crawler | Crawls pages for the open data sets Ai2 trains its models on.',
  'Ai2Bot-Dolma | Allen Institute for AI (Ai2) | ai-training | yes | 2026-11-22 | https://allenai.org/crawler | Crawls pages for Dolma, the open pretraining data set of the OLMo models.',
  'aiHitBot | aiHit | ai-training | yes | 2026-11-28 | https://www.aihitdata.com/about | Scrapes data for AI systems.',
  'AIWebIndex | Lyrenth | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/aiwebindex | AIWebIndex is a web crawler operated by Lyrenth that builds an AI-readable index of web content for AI systems.',
  'Amazonbot | Amazon | ai-training | yes | 2026-11-22 | https://developer.amazon.com/amazonbot | Crawls pages to improve Amazon products and services and to train Amazon AI models.',
  'anthropic-ai | Anthropic | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/anthropic-ai | Former Anthropic training token, kept for crawlers that still honour it; Anthropic no longer documents it.',
  'ApifyBot | unknown | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/apifybot | ApifyBot is a web scraping and data extraction crawler by Apify that collects website content for use in AI, LLMs, RAG, and automation workflows.',
  'ApifyWebsiteContentCrawler | unknown | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/apifywebsitecontentcrawler | ApifyWebsiteContentCrawler is a web crawler by Apify that extracts and downloads full website content for use in AI, data analysis, and automation workflows.',
  'Awario | Awario | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/awario | Awario is an AI data scraper operated by Awario.',
  'Brightbot | unknown | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/brightbot | Brightbot is a web data collection crawler by Bright Data that extracts and structures public website content at scale, providing AI-ready data for model…',
  'Bytespider | ByteDance | ai-training | no | 2026-11-28 | https://knownagents.com/agents/bytespider | Crawls pages to train ByteDance models (Doubao).',
  'CCBot | Common Crawl | ai-training | yes | 2026-11-21 | https://commoncrawl.org/ccbot | Builds the open Common Crawl archive, a common source of model training data.',
  'ChatGLM-Spider | unknown | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/chatglm-spider | Listed by ai.robots.txt as: AI Data Scrapers.',
  "ClaudeBot | Anthropic | ai-training | yes | 2026-11-28 | https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler | Collects pages that may be used to train Anthropic's models.",
  'CloudVertexBot | unknown | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/cloudvertexbot | CloudVertexBot is a Google-operated crawler available to site owners to request targeted crawls of their own sites for AI training purposes on the Vertex AI…',
  'cohere-training-data-crawler | Cohere | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/cohere-training-data-crawler | Crawls pages to train Cohere models.',
  'Cotoyogi | ROIS | ai-training | yes | 2026-11-28 | https://ds.rois.ac.jp/en_center8/en_crawler/ | Scrapes data for AI training in Japanese language.',
  'CragCrawler | CragSoftware | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/cragcrawler | CragCrawler is a web scraping bot operated by CragSoftware, a Brazil-based software company specializing in data engineering and AI web scraping services.',
  'Crawl4AI | unknown | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/crawl4ai | Listed by ai.robots.txt as: Undocumented AI Agents.',
  'Crawlspace | Crawlspace | ai-training | yes | 2026-11-28 | https://knownagents.com/agents/crawlspace | Crawlspace is a web crawler platform that fetches and extracts website content for AI agents, RAG applications, and structured data workflows.',
  'DeepSeekBot | DeepSeek | ai-training | no | 2026-11-28 | https://knownagents.com/agents/deepseekbot | Crawls pages to train DeepSeek language models and improve its AI products.',
  'Diffbot | Diffbot | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/diffbot | Extracts pages into a knowledge graph sold, among other uses, for AI training; obeying robots.txt is left to its customers.',
  "EchoboxBot | Echobox | ai-training | unknown | 2026-11-28 | https://echobox.com | Supports company's AI-powered social and email management products.",
  "ExaBot | unknown | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/exabot | ExaBot is a web crawler that indexes web content to power Exa's AI search engine and semantic search APIs for AI applications.",
  'FacebookBot | Meta | ai-training | yes | 2026-11-21 | https://developers.facebook.com/docs/sharing/webmasters/web-crawlers | Crawls pages to train Meta speech-recognition language models (link previews use facebookexternalhit, which is not blocked).',
  'Factset_spyderbot | Factset | ai-training | unknown | 2026-11-28 | https://www.factset.com/ai | Scrapes data for AI training.',
  'FriendlyCrawler | unknown | ai-training | yes | 2026-11-28 | https://imho.alex-kunz.com/2024/01/25/an-update-on-friendly-crawler | Unclear who the operator is; but data is used for training/machine learning.',
  "GPTBot | OpenAI | ai-training | yes | 2026-11-28 | https://developers.openai.com/api/docs/bots | Crawls pages that may be used to train OpenAI's generative AI foundation models.",
  'HenkBot | unknown | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/henkbot | Henkbot crawls the web on behalf of Valyu, an AI search infrastructure provider that indexes content for use in AI-powered retrieval pipelines.',
  'ICC-Crawler | NICT | ai-training | yes | 2026-11-28 | https://nict.go.jp | Crawls pages to train and support Japanese AI research and technologies.',
  'ImagesiftBot | Hive (ImageSift) | ai-training | yes | 2026-11-28 | https://knownagents.com/agents/imagesiftbot | Crawls images for reverse image search and AI data sets.',
  'imageSpider | unknown | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/imagespider | Listed by ai.robots.txt as: AI Data Scrapers.',
  'img2dataset | img2dataset | ai-training | unknown | 2026-11-28 | https://github.com/rom1504/img2dataset | Downloads large sets of images into datasets for LLM training or other purposes.',
  'ISSCyberRiskCrawler | ISS-Corporate | ai-training | no | 2026-11-28 | https://iss-cyber.com | Used to train machine learning based models to quantify cyber risk.',
  'KunatoCrawler | unknown | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/kunatocrawler | Listed by ai.robots.txt as: Undocumented AI Agents.',
  'laion-huggingface-processor | unknown | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/laion-huggingface-processor | Listed by ai.robots.txt as: AI Data Scrapers.',
  'LAIONDownloader | Large-scale Artificial Intelligence Open Network | ai-training | no | 2026-11-28 | https://laion.ai/ | LAIONDownloader is a bot by LAION, a non-profit organization that provides datasets, tools and models to liberate machine learning research.',
  'LCC | unknown | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/lcc | Listed by ai.robots.txt as: AI Data Scrapers.',
  'Lightpanda | Anyone who downloads the Lightpanda client. Possibly being u | ai-training | unknown | 2026-11-28 | https://github.com/lightpanda-io/browser/issues/3156#issuecomment-5217843616 | Lightpanda is a custom-built headless browser designed for AI and automation.',
  'meta-externalagent | Meta | ai-training | yes | 2026-11-21 | https://developers.facebook.com/docs/sharing/webmasters/web-crawlers | Crawls pages to train Meta AI models and improve its products.',
  'Mozilla-Tabstack | Mozilla | ai-training | yes | 2026-11-28 | https://docs.tabstack.ai/trust/controlling-access | Tabstack is a web intelligence API for AI agents.',
  'MyCentralAIScraperBot | unknown | ai-training | unknown | 2026-11-28 | https://github.com/ai-robots-txt/ai.robots.txt/blob/738c80df2169027ce0e07c9976fd3f2f57dd8f7b/robots.json | Operator and data use is unclear at this time.',
  "NagetBot | Naget Inc | ai-training | unknown | 2026-11-28 | https://naget.com/ | 'Naget revolutionizes content discovery through an AI-powered ecosystem that transforms how we generate, organize, share, and discover valuable content.'…",
  "newsai | unknown | ai-training | unknown | 2026-11-28 | https://github.com/ai-robots-txt/ai.robots.txt/blob/738c80df2169027ce0e07c9976fd3f2f57dd8f7b/robots.json | User-agent string doen't contain an URL and there multiple sites using the newsai brand.",
  'omgili | Webz.io | ai-training | yes | 2026-11-28 | https://webz.io/blog/web-data/what-is-the-omgili-bot-and-why-is-it-crawling-your-website/ | Crawls pages for Webz.io data feeds sold, among other uses, for model training.',
  'omgilibot | Webz.io | ai-training | yes | 2026-11-28 | https://knownagents.com/agents/omgilibot | Crawls pages for Webz.io data feeds sold, among other uses, for model training.',
  'PanguBot | Huawei | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/pangubot | Crawls pages to train Huawei PanGu models.',
  'Panscient | Panscient | ai-training | yes | 2026-11-28 | https://panscient.com | Compiles data on businesses and business professionals that is structured using AI and machine learning.',
  'Querit-SearchBot | Querit | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/querit-searchbot | Querit-SearchBot is a web crawler operated by Querit that indexes web content for their search API service, which is designed to provide real-time search…',
  'QueritBot | Querit | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/queritbot | QueritBot is a web crawler operated by Querit, a company providing a search API for large language model integration.',
  'Reflectionbot | Reflection | ai-training | unknown | 2026-11-28 | https://reflection.ai/ | An undocumented crawler whose user agent links to Reflection, a company that builds AI models.',
  'SBIntuitionsBot | SB Intuitions | ai-training | yes | 2026-11-28 | https://www.sbintuitions.co.jp/en/ | AI development and information analysis',
  'ShapBot | Parallel | ai-training | yes | 2026-11-28 | https://knownagents.com/agents/shapbot | ShapBot is a web crawler by Parallel that collects and structures web content to power its search, extraction, and deep research APIs, providing AI agents with…',
  'TavilyBot | unknown | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/tavilybot | TavilyBot is a web crawler by Tavily that indexes and extracts content from billions of pages, providing real-time search, extraction, and research data to…',
  "TerraCotta | Ceramic AI | ai-training | yes | 2026-11-28 | https://knownagents.com/agents/terracotta | TerraCotta is Ceramic's web crawler that indexes public content to power their web-scale search API for AI and LLMs.",
  'Thinkbot | Thinkbot | ai-training | no | 2026-11-28 | https://www.thinkbot.agency | Collects data for analysis on AI usage and automation.',
  'TikTokSpider | ByteDance | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/tiktokspider | ByteDance crawler listed for LLM training.',
  'Timpibot | Timpi | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/timpibot | Crawls pages for the Timpi index, offered as model training data.',
  'VelenPublicWebCrawler | Velen Crawler | ai-training | yes | 2026-11-28 | https://velen.io | "Our goal with this crawler is to build business datasets and machine learning models to better understand the web."',
  'WARDBot | WEBSPARK | ai-training | unknown | 2026-11-28 | https://knownagents.com/agents/wardbot | WARDBot is an AI data scraper operated by WEBSPARK.',
  "YaK | Meltwater | ai-training | unknown | 2026-11-28 | https://www.meltwater.com/en/suite/consumer-intelligence | Retrieves data used for Meltwater's AI enabled consumer intelligence suite",
  "AddSearchBot | unknown | ai-search | unknown | 2026-11-28 | https://knownagents.com/agents/addsearchbot | AddSearchBot is a web crawler that indexes website content for AddSearch's AI-powered site search solution, collecting data to provide fast and accurate search…",
  'amazon-kendra | Amazon | ai-search | yes | 2026-11-28 | https://github.com/ai-robots-txt/ai.robots.txt/blob/738c80df2169027ce0e07c9976fd3f2f57dd8f7b/robots.json | Amazon Kendra is a highly accurate intelligent search service that enables your users to search unstructured data using natural language.',
  'Amzn-SearchBot | Amazon | ai-search | yes | 2026-11-22 | https://developer.amazon.com/amazonbot | Indexes pages for search in Amazon products (Alexa, Rufus); not used to train generative AI.',
  'Andibot | Andi | ai-search | unknown | 2026-11-28 | https://andisearch.com/ | Scrapes website and provides AI summary.',
  "Anomura | Direqt | ai-search | yes | 2026-11-28 | https://direqt.ai | Anomura is Direqt's search crawler, it discovers and indexes pages their customers websites.",
  'Aranet-SearchBot | unknown | ai-search | unknown | 2026-11-28 | https://knownagents.com/agents/aranet-searchbot | Listed by ai.robots.txt as: Undocumented AI Agents.',
  'atlassian-bot | Atlassian | ai-search | yes | 2026-11-28 | https://www.atlassian.com | atlassian-bot is a web crawler used to index website content for its AI search, assistants and agents available in its Rovo GenAI product.',
  'AzureAI-SearchBot | unknown | ai-search | unknown | 2026-11-28 | https://knownagents.com/agents/azureai-searchbot | Listed by ai.robots.txt as: AI Search Crawlers.',
  'Bravebot | Brave | ai-search | yes | 2026-11-28 | https://search.brave.com/help/brave-search-crawler | Crawls pages for the Brave Search index, which also feeds its AI answers and search API.',
  'Channel3Bot | unknown | ai-search | unknown | 2026-11-28 | https://knownagents.com/agents/channel3bot | Listed by ai.robots.txt as: AI Search Crawlers.',
  "Claude-SearchBot | Anthropic | ai-search | yes | 2026-11-28 | https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler | Indexes pages to improve Claude's search answers.",
  'Cloudflare-AutoRAG | Cloudflare | ai-search | yes | 2026-11-28 | https://developers.cloudflare.com/ai-search/ | Crawls a site for the AI Search (AutoRAG) index a Cloudflare customer builds on it.',
  'DuckAssistBot | DuckDuckGo | ai-search | yes | 2026-11-21 | https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot | Fetches pages to write DuckAssist AI answers (DuckDuckGo search itself is unaffected).',
  'ExaSearchBot | Exa | ai-search | unknown | 2026-11-28 | https://knownagents.com/agents/exasearchbot | ExaSearchBot is a web crawler operated by Exa that discovers and indexes public web pages so their content can be found, retrieved, and cited through Exa.',
  "Google-CloudVertexBot | Google | ai-search | yes | 2026-11-22 | https://developers.google.com/crawling/docs/crawlers-fetchers/google-special-case-crawlers | Crawls a site, at its owner's request, for the Vertex AI agents built on it; Google Search is unaffected.",
  'iAskBot | unknown | ai-search | unknown | 2026-11-28 | https://knownagents.com/agents/iaskbot | Listed by ai.robots.txt as: Undocumented AI Agents.',
  'iaskspider | unknown | ai-search | unknown | 2026-11-28 | https://knownagents.com/agents/iaskspider | Listed by ai.robots.txt as: Undocumented AI Agents.',
  'LinkupBot | unknown | ai-search | unknown | 2026-11-28 | https://knownagents.com/agents/linkupbot | Listed by ai.robots.txt as: AI Search Crawlers.',
  'meta-webindexer | Meta | ai-search | yes | 2026-11-28 | https://developers.facebook.com/docs/sharing/webmasters/web-crawlers | Indexes pages to improve the answers of Meta AI search.',
  "MistralAI-Index | Mistral AI | ai-search | yes | 2026-11-22 | https://docs.mistral.ai/robots | Indexes pages for Mistral AI's search; Mistral says what it collects is not used for training.",
  'OAI-SearchBot | OpenAI | ai-search | yes | 2026-11-28 | https://developers.openai.com/api/docs/bots | Indexes pages for ChatGPT search results; not used for training.',
  'PerplexityBot | Perplexity | ai-search | yes | 2026-11-21 | https://docs.perplexity.ai/guides/bots | Indexes pages for Perplexity answers; not used for training.',
  'PetalBot | Huawei | ai-search | yes | 2026-11-28 | https://huawei.com/ | Operated by Huawei to provide search and AI assistant services.',
  "YandexAdditional | Yandex | ai-search | yes | 2026-11-22 | https://yandex.com/support/webmaster/en/robot-workings/check-yandex-robots | The token Yandex's AI answers (YandexGPT) obey; Yandex Search indexing is unaffected.",
  "YandexAdditionalBot | Yandex | ai-search | yes | 2026-11-28 | https://yandex.com/support/webmaster/en/robot-workings/check-yandex-robots | Fetches pages for Yandex's AI answers (YandexGPT); Yandex Search indexing is unaffected.",
  'YouBot | You.com | ai-search | yes | 2026-11-21 | https://about.you.com/youbot/ | Indexes pages for You.com AI search answers.',
  'ZanistaBot | unknown | ai-search | unknown | 2026-11-28 | https://knownagents.com/agents/zanistabot | Listed by ai.robots.txt as: AI Search Crawlers.',
  'AI2Bot-DeepResearchEval | Ai2 | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/ai2bot-deepresearcheval | Ai2Bot-DeepResearchEval is operated by Ai2, a non-profit AI research institute.',
  'amazon-QBusiness | unknown | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/amazon-qbusiness | amazon-QBusiness is an Amazon Q Business web crawler that fetches and indexes web content for Amazon Q Business applications.',
  'AmazonBuyForMe | Amazon | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/amazonbuyforme | AmazonBuyForMe is an Amazon bot that crawls websites as part of the Amazon Buy For Me service.',
  'Amzn-User | Amazon | ai-user | yes | 2026-11-22 | https://developer.amazon.com/amazonbot | Fetches a page live when an Alexa user asks for up-to-date information.',
  'bedrockbot | Amazon Web Services | ai-user | yes | 2026-11-22 | https://docs.aws.amazon.com/bedrock/latest/userguide/webcrawl-data-source-connector.html | Crawls the URLs an AWS customer chose for an Amazon Bedrock knowledge base (it sends bedrockbot_ and an id, and obeys a bedrockbot group).',
  'BuddyBot | BuddyBotLearning | ai-user | unknown | 2026-11-28 | https://www.buddybotlearning.com | BuddyBot is a voice-controlled AI learning companion targeted at childhooded STEM education.',
  'ChatGPT-User | OpenAI | ai-user | unknown | 2026-11-28 | https://developers.openai.com/api/docs/bots | Fetches a page when a ChatGPT user or a GPT asks for it; OpenAI says robots.txt may not apply to these requests.',
  'Claude-Code | unknown | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/claude-code | Claude Code is an AI coding agent by Anthropic that can build, debug, and ship code directly from the terminal, handling tasks like codebase onboarding…',
  'Claude-User | Anthropic | ai-user | yes | 2026-11-28 | https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler | Fetches a page when a Claude user asks for it.',
  "Claude-Web | Anthropic | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/claude-web | Former name of Anthropic's user-directed fetcher, still seen in robots.txt files; Anthropic no longer documents it.",
  'cohere-ai | Cohere | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/cohere-ai | Fetches a page when a Cohere chat user asks for it.',
  'Cursor | unknown | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/cursor | Cursor is an AI coding agent that helps write, edit, and understand code.',
  'Devin | Devin AI | ai-user | yes | 2026-11-28 | https://knownagents.com/agents/devin | Devin is a software engineering AI assistant that can browse websites and perform web-based tasks, functioning as a collaborative AI teammate for engineering…',
  "FirecrawlAgent | Firecrawl | ai-user | yes | 2026-11-28 | https://knownagents.com/agents/firecrawlagent | Fetches pages when a Firecrawl customer's AI agent or pipeline asks for them.",
  'GeistHaus-PageFetcher | GeistHaus | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/geisthaus-pagefetcher | GeistHaus-PageFetcher is a web crawler operated by GeistHaus, a company developing AI systems for therapy and psychological assessment.',
  "Gemini-Deep-Research | unknown | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/gemini-deep-research | Gemini-Deep-Research is the agent responsible for collecting and scanning resources used in Google Gemini's Deep Research feature, which acts as a personal…",
  'Google-Agent | unknown | ai-user | yes | 2026-11-28 | https://knownagents.com/agents/google-agent | Google-Agent is used by agents hosted on Google infrastructure to navigate the web and perform actions upon user request.',
  "Google-Firebase | Google | ai-user | unknown | 2026-11-28 | https://github.com/ai-robots-txt/ai.robots.txt/blob/738c80df2169027ce0e07c9976fd3f2f57dd8f7b/robots.json | Supports Google's Firebase AI products.",
  'Google-Gemini-CLI | unknown | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/google-gemini-cli | Gemini CLI is an AI coding agent by Google that can query and edit large codebases, generate apps from images or PDFs, and automate complex workflows directly…',
  "Google-GeminiNotebook | Google | ai-user | no | 2026-11-28 | https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers | Fetches the pages a user adds as sources to a Gemini notebook; Google's user-triggered fetchers generally ignore robots.txt.",
  "Google-NotebookLM | Google | ai-user | no | 2026-11-28 | https://developers.google.com/crawling/docs/crawlers-fetchers/google-user-triggered-fetchers | Fetches the pages a NotebookLM user adds as sources; Google's user-triggered fetchers generally ignore robots.txt.",
  'GoogleAgent-Mariner | Google | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/googleagent-mariner | GoogleAgent-Mariner is an AI agent created by Google that can use a web browser.',
  'GoogleAgent-URLContext | Google | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/googleagent-urlcontext | GoogleAgent-URLContext is a web fetcher operated by Google that retrieves web content on behalf of Gemini API users.',
  'kagi-fetcher | Kagi | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/kagi-fetcher | kagi-fetcher is an AI Assistant operated by Kagi that fetches web content to answer user queries through Kagi AI, their suite of AI-powered tools including…',
  'Kimi-User | Moonshot AI | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/kimi-user | Kimi-User is a web crawler operated by Moonshot AI that fetches web content on behalf of users interacting with Kimi.',
  "KlaviyoAIBot | Klaviyo | ai-user | yes | 2026-11-28 | https://knownagents.com/agents/klaviyoaibot | KlaviyoAIBot is Klaviyo's web crawler that fetches publicly available pages from domains explicitly connected to user accounts to power the Kai Customer Agent…",
  'LinerBot | unknown | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/linerbot | LinerBot is the web crawler used by Liner AI assistant to gather information from academic sources and websites to provide accurate answers with line-by-line…',
  'Manus-User | Butterfly Effect | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/manus-user | Manus-User is a browser-enabled AI agent operated by Butterfly Effect, a company based in China.',
  'Meta-ExternalFetcher | Meta | ai-user | no | 2026-11-28 | https://developers.facebook.com/docs/sharing/webmasters/web-crawlers | Fetches a page when a Meta AI user asks for it; Meta says it may bypass robots.txt.',
  'MistralAI-User | Mistral AI | ai-user | yes | 2026-11-22 | https://docs.mistral.ai/robots | Fetches a page when a Le Chat user asks for it.',
  'NotebookLM | unknown | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/google-notebooklm | NotebookLM is an AI-powered research and note-taking assistant that helps users synthesize information from their own uploaded sources, such as documents…',
  'NovaAct | unknown | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/novaact | Nova Act is an AI agent created by Amazon that can use a web browser.',
  'OAI-AdsBot | OpenAI | ai-user | unknown | 2026-11-28 | https://developers.openai.com/api/docs/bots | Visits the landing pages an advertiser submitted for ChatGPT ads, to check them; not used for training.',
  'opencode | unknown | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/opencode | OpenCode is an open-source AI coding agent that helps developers write code from the terminal, IDE, or desktop, supporting multiple LLM providers and local…',
  'Perplexity-User | Perplexity | ai-user | no | 2026-11-28 | https://docs.perplexity.ai/guides/bots | Fetches a page when a Perplexity user asks for it; Perplexity says it generally ignores robots.txt.',
  'PhindBot | phind | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/phindbot | Phind is an AI-powered answer engine designed for developers, offering technical answers and code examples.',
  'Poggio-Citations | Poggio | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/poggio-citations | Poggio-Citations is a web crawler operated by Poggio, a company that provides AI sales enablement tools for creating tailored narratives, business cases, and…',
  "QualifiedBot | Qualified | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/qualifiedbot | QualifiedBot is Qualified's web crawler that analyzes customer websites to provide contextual information for their AI-powered chatbots and conversational…",
  'QuillBot | Quillbot | ai-user | unknown | 2026-11-28 | https://quillbot.com | Operated by QuillBot as part of their suite of AI product offerings.',
  "SemrushBot-OCOB | Semrush | ai-user | yes | 2026-11-28 | https://www.semrush.com/bot/ | Crawls a site for Semrush's ContentShake AI writing tool, at a customer's request.",
  'SemrushBot-SWA | Semrush | ai-user | yes | 2026-11-28 | https://www.semrush.com/ | Data collected is used for the SEO Writing Assistant tool to check if URL is accessible.',
  'Shap-User | unknown | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/shap-user | Shap-User accesses web content on behalf of users of Parallel Web Systems products.',
  'TongyiBot | Alibaba | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/tongyibot | TongyiBot is a web crawler operated by Alibaba that fetches web content for the Tongyi Qianwen assistant and related Qwen-generated answers.',
  'Trae | unknown | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/trae | Trae is an AI-powered coding agent developed by ByteDance that can understand codebases, fetch web content, and generate code.',
  'TwinAgent | Twin | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/twinagent | TwinAgent is operated by Twin, a platform that creates automated workers to perform tasks by integrating with APIs and controlling web applications through…',
  'UseAI | unknown | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/useai | UseAI is a web crawler associated with Use AI, a platform that provides an AI workspace where users can chat with AI models, research the web, and perform…',
  'wpbot | QuantumCloud | ai-user | unknown | 2026-11-28 | https://www.quantumcloud.com | wpbot is a used to support the functionality of the AI Chatbot for WordPress plugin.',
  'WRTNBot | unknown | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/wrtnbot | Listed by ai.robots.txt as: Undocumented AI Agents.',
  'YiyanBot | Baidu | ai-user | unknown | 2026-11-28 | https://knownagents.com/agents/yiyanbot | YiyanBot is a web crawler operated by Baidu that fetches web content for the yiyan.baidu.com assistant and related ERNIE-generated answers.',
  'Applebot-Extended | Apple | ai-control | yes | 2026-11-21 | https://support.apple.com/en-us/119829 | Stops Apple using pages Applebot fetched to train its foundation models; Siri and Spotlight search are unaffected.',
  'Google-Extended | Google | ai-control | yes | 2026-11-22 | https://developers.google.com/crawling/docs/crawlers-fetchers/google-common-crawlers#google-extended | Stops Google using pages Googlebot fetched to train and ground Gemini; Google Search is unaffected.',
  'Webzio-Extended | Webz.io | ai-control | yes | 2026-11-28 | https://knownagents.com/agents/webzio-extended | Stops Webz.io selling pages it crawled for AI training.',
];
// generated:end

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
