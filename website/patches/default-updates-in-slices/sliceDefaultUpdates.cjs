// A loader for react-dom's client build (see ./index.ts). React decides, for each render, whether to render in
// slices, yielding to the browser every few milliseconds, or in one piece: in one piece when the render's lanes
// include any of the first seven (bits 1 to 64: sync, continuous input, default, and their hydration lanes).
// Without the default lanes (16 and 32), updates made outside any event, such as state set in an effect after
// hydration, render in slices as transitions do. Discrete and continuous input still render in one piece.
const IN_ONE_PIECE_UNLESS = '0 === (lanes & 127) &&';
const SLICED_DEFAULT_LANES = '0 === (lanes & 79) &&';

/** @this {{ resourcePath: string }} @param {string} source */
module.exports = function sliceDefaultUpdates(source) {
  const found = source.split(IN_ONE_PIECE_UNLESS).length - 1;
  if (found !== 1) {
    throw new Error(
      `default-updates-in-slices: ${this.resourcePath} holds "${IN_ONE_PIECE_UNLESS}" ${found} times, not once. React DOM has changed how it chooses to render in slices: update or remove the patch (website/patches/README.md).`,
    );
  }
  return source.replace(IN_ONE_PIECE_UNLESS, SLICED_DEFAULT_LANES);
};
