/**
 * Google keeps at most this many bytes of a line (`2083 * 8 - 1`: eight
 * maximum-length URLs, less the terminating NUL) and ignores the rest.
 */
export const MAX_LINE_BYTES = 2083 * 8 - 1;

/** Google reads the first 500 KiB of a robots.txt and ignores the rest. */
export const MAX_ROBOTS_TXT_BYTES = 500 * 1024;
