/** The id the middleware imports; `\0` marks the resolved id as virtual for every other plugin. */
export const VIRTUAL_MODULE_ID = 'virtual:@robots-kit/astro/data';
export const RESOLVED_VIRTUAL_MODULE_ID = '\0' + VIRTUAL_MODULE_ID;
