/** The package name, used in messages and as the transform's name. */
export const PLUGIN_NAME = '@robots-kit/eleventy';
