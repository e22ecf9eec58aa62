// One Eleventy build in its own process, timing the CPU spent inside the plugin's hooks:
// argv <siteDir> <variant> (`default` or `full`, the bench site's options). Every function the
// plugin gives Eleventy (transform, preprocessor, filters, event listeners) is wrapped before the
// plugin runs, so the figures are the plugin's own work per page, apart from Eleventy's.
import { rmSync } from 'node:fs';
import Eleventy from '@11ty/eleventy';

const [dir, variant] = process.argv.slice(2);
process.env.BENCH_VARIANT = variant;
process.chdir(dir);
const output = `_site-hooks-${variant}`;
rmSync(output, { recursive: true, force: true });

const spent = {};
const calls = {};
/** `fn`, adding the CPU of each call (and of its promise, for async listeners) to `spent[name]`. */
function timed(name, fn) {
  spent[name] ??= 0;
  calls[name] ??= 0;
  return function (...args) {
    calls[name]++;
    const start = process.cpuUsage();
    const add = () => {
      const used = process.cpuUsage(start);
      spent[name] += (used.user + used.system) / 1000;
    };
    const result = fn.apply(this, args);
    if (result && typeof result.then === 'function') return result.finally(add);
    add();
    return result;
  };
}
/** Wraps the eleventyConfig methods the plugin registers through, only while the plugin runs. */
function wrapConfig(eleventyConfig) {
  const { addPlugin } = eleventyConfig;
  eleventyConfig.addPlugin = function (plugin, options) {
    // Eleventy's own plugins come through here too: only robots-kit's is wrapped.
    if (plugin?.name !== 'robotsPlugin') return addPlugin.call(this, plugin, options);
    return addPlugin.call(
      this,
      function robotsPlugin(config, pluginOptions) {
        const original = {
          addTransform: config.addTransform,
          addPreprocessor: config.addPreprocessor,
          addFilter: config.addFilter,
          on: config.on,
        };
        config.addTransform = (name, fn) => original.addTransform.call(config, name, timed('transform', fn));
        config.addPreprocessor = (name, ext, fn) =>
          original.addPreprocessor.call(config, name, ext, timed('preprocessor', fn));
        config.addFilter = (name, fn) => original.addFilter.call(config, name, timed(`filter ${name}`, fn));
        config.on = (event, fn) => original.on.call(config, event, timed(event, fn));
        const restore = () => Object.assign(config, original);
        const result = plugin(config, pluginOptions);
        if (result && typeof result.then === 'function') return result.finally(restore);
        restore();
        return result;
      },
      options,
    );
  };
}

const eleventy = new Eleventy('src', output, { quietMode: true, configPath: 'eleventy.config.js', config: wrapConfig });
const cpuStart = process.cpuUsage();
const results = await eleventy.write();
const cpu = process.cpuUsage(cpuStart);
const pages = (Array.isArray(results) ? results.flat() : []).filter((page) =>
  String(page?.outputPath ?? '').endsWith('.html'),
).length;
process.stdout.write(
  '\n' + JSON.stringify({ variant, buildCpuMs: (cpu.user + cpu.system) / 1000, pages, spent, calls }),
);
