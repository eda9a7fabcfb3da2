// Browser stand-in for `chalk` (see ../index.ts): every style, and any chain of them
// (`chalk.yellow`, `chalk.bold.red`), returns its arguments joined by spaces, as chalk does with colour off.
'use strict';

const settings = { level: 0, supportsColor: false };
const paint = (...parts) => (parts.length === 1 ? String(parts[0]) : parts.join(' '));
const chalk = new Proxy(paint, {
  get(target, property) {
    if (property === '__esModule') return undefined;
    if (typeof property === 'symbol' || property in target) return Reflect.get(target, property);
    if (property in settings) return settings[property];
    return chalk;
  },
});

module.exports = chalk;
