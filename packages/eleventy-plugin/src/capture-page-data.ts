import type { EleventyPageData } from './eleventy-types.js';

/** The `eleventyComputed` key of the capture; each page's data gets this key, set to `undefined`. */
export const CAPTURE_KEY = 'robotsKitCapturePageData';

/**
 * The `eleventyComputed` entry that remembers each page's data, keyed by `data.page`
 * (the object a transform later receives as `this.page`; upstream issue #2965).
 * Eleventy first calls computed entries with a proxy to find their dependencies,
 * where `page.url` is usually still empty: that pass is skipped (for paginated pages
 * the URL is known, but the proxy's `page` is never a transform's `this.page`, and the
 * WeakMap lets it go). Reading `page.url` also orders this entry after Eleventy's own
 * `page.url` computation. The data object is kept by reference, so values computed
 * after this entry, and `collections`, are there when the transform reads them.
 */
export function createPageDataCapture(store: WeakMap<object, EleventyPageData>): (data: EleventyPageData) => undefined {
  return function robotsKitCapturePageData(data: EleventyPageData): undefined {
    const page = data?.page;
    if (typeof page === 'object' && page !== null && typeof page.url === 'string' && page.url !== '') {
      store.set(page, data);
    }
    return undefined;
  };
}
