/** The hosts robots-kit writes header files for, in the order files are returned. */
export const HEADER_TARGETS = ['netlify', 'cloudflare', 'vercel', 'apache', 'nginx'] as const;

export type HeaderTarget = (typeof HEADER_TARGETS)[number];

/** Names as users know them, for error messages. */
export const TARGET_FILES: Record<HeaderTarget, string> = {
  netlify: '`_headers` (Netlify)',
  cloudflare: '`_headers` (Cloudflare Pages)',
  vercel: '`vercel.json` headers (Vercel)',
  apache: '`.htaccess` (Apache)',
  nginx: '`robots-headers.nginx.conf` (nginx)',
};
