import { describe, expect, it } from 'vitest';
import { normalizeOptions, parseRobots, reconcile, resolvePage, RobotsError } from '../src/index.js';

describe('security: directive values cannot carry markup or extra lines', () => {
  it.each(['noindex"><script>alert(1)</script>', 'noindex --> <script>', 'noindex\r\nX-Injected: 1', 'noindex\u0000', "noindex' onload='x"])(
    'rejects %j instead of passing it through',
    (input) => {
      expect(() => parseRobots(input)).toThrow(RobotsError);
    },
  );
  it('never lets a rejected value into the output with strict: false', () => {
    const resolved = resolvePage({ url: '/a/', data: { robots: 'noindex, "><script>x</script>' } }, { strict: false, googlebot: false });
    expect(resolved).toEqual({ robots: 'noindex' });
  });
  it('only ever outputs known tokens', () => {
    expect(reconcile('NOINDEX', 'max-image-preview:LARGE')).toMatch(/^[a-z_:, -]+$/);
  });
  it('rejects crawler names that could break out of a name attribute', () => {
    expect(() => parseRobots({ 'googlebot"><x': 'noindex' })).toThrow(/invalid crawler name/);
  });
  it('does not echo control characters raw in error messages', () => {
    try {
      normalizeOptions({ defaults: 'bad\u001b[31m' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toMatch(/\u001b/);
      expect((error as Error).message).toContain('\\u001b');
    }
  });
  it('does not pollute prototypes through object keys', () => {
    expect(() => parseRobots(JSON.parse('{"__proto__": {"noindex": true}}'))).toThrow(RobotsError);
    expect(({} as Record<string, unknown>).noindex).toBeUndefined();
  });
});

describe('security: inherited object keys are not directives', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf'])('rejects `%s` as an unknown key', (key) => {
    expect(() => parseRobots({ [key]: true })).toThrow(RobotsError);
  });
});
