// Preloaded (`node --import`) into the `eleventy --serve` processes the tests start. Eleventy's dev
// server has no host option and listens on every interface; the project's tests must only listen
// on 127.0.0.1, so a `listen` call that names no host gets the loopback address. A call that names
// a host (or a path, for a pipe) is left as it is.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [first] = args;
  if (
    typeof first === 'object' &&
    first !== null &&
    !Array.isArray(first) &&
    first.host === undefined &&
    first.path === undefined &&
    first.handle === undefined &&
    first.fd === undefined
  ) {
    args[0] = { ...first, host: '127.0.0.1' };
  } else if (
    (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) &&
    typeof args[1] !== 'string'
  ) {
    args.splice(1, 0, '127.0.0.1');
  }
  return listen.apply(this, args);
};
