/**
 * The message a failed PostgreSQL connection gets, whatever Node.js version wrote the error under it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectionFailure, parseTarget } from '../src/store/postgres/connection.js';

describe('PostgreSQL connection failures', () => {
  const target = parseTarget('postgres://docent@127.0.0.1:5433/tls');

  it('names sslrootcert for a certificate that was not accepted, without the advice Node.js 24 adds', () => {
    const expected =
      'cannot connect to PostgreSQL at 127.0.0.1:5433 (database tls, user docent): the server’s TLS certificate was not accepted ' +
      '(unable to verify the first certificate); name the CA that signed it with sslrootcert=/path/to/ca.pem in the URL';
    const node22 = { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', message: 'unable to verify the first certificate' };
    const node24 = { ...node22, message: `${node22.message}; if the root CA is installed locally, try running Node.js with --use-system-ca` };
    assert.equal(connectionFailure(node22, target, 5000).message, expected);
    assert.equal(connectionFailure(node24, target, 5000).message, expected);
  });
});
