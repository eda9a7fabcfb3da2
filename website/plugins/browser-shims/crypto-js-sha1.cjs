// Browser stand-in for `crypto-js` (see ../dedupe-explorer-deps.ts): the API explorer only uses CryptoJS.SHA1.
module.exports = { SHA1: require('crypto-js/sha1') };
