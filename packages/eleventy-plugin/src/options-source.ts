/** Where the plugin's options are written, for messages. */
export const OPTIONS_SOURCE = 'addPlugin options';
