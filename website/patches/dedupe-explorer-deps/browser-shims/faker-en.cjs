// Browser stand-in for `@faker-js/faker/locale/en` (see ../index.ts). Its one browser-side importer is
// postman-collection's table of dynamic variables (`{{$randomCity}}` and the like), which reads
// `faker.<group>.<method>` when it loads and calls one only when a request is resolved against variables. The
// request explorer never does that: it builds its requests and code samples from the form as typed. Every
// `faker.<group>.<method>` here is a function that says so, by name, if anything ever calls it.
'use strict';

function unavailable(group, method) {
  return function fakerIsNotBundled() {
    throw new Error(
      `dedupe-explorer-deps: faker.${group}.${method} was called, but the browser bundle has no faker. ` +
        "Postman's random dynamic variables are not available in the API explorer.",
    );
  };
}

function group(name) {
  return new Proxy({}, { get: (_target, method) => (typeof method === 'string' ? unavailable(name, method) : undefined) });
}

module.exports = new Proxy({}, { get: (_target, name) => (typeof name === 'string' && name !== '__esModule' ? group(name) : undefined) });
