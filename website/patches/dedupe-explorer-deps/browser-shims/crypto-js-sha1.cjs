// Browser stand-in for `crypto-js` (see ../index.ts): the API explorer only uses CryptoJS.SHA1.
module.exports = { SHA1: require('crypto-js/sha1') };
