/** `robots-kit --help`. */
export const CLI_USAGE = `Usage: robots-kit check <dir> [options]

Audit a built site the way crawlers will see it: robots.txt, sitemaps,
robots meta tags, X-Robots-Tag header rules and canonical links.

Options:
  --site <url>              Origin (and base path) the site is served at, e.g. https://example.com
                            (default: the host of the robots.txt Sitemap: line)
  --crawler <names>         Crawlers to evaluate, comma-separated (default: googlebot,*)
  --trailing-slash <mode>   always | never | ignore: how files map to URLs (default: ignore)
  --format <format>         table | json | sarif | github (default: table)
  --json                    Same as --format=json
  --fail-on <severity>      error | warning | info | none: lowest severity that fails (default: error)
  --pages                   List every page in the table, not only restricted ones
  -h, --help                Show this help

Exit codes: 0 no findings at or above --fail-on, 1 findings, 2 usage error
(or the audit could not run).
`;
