/**
 * Turn what fetch throws (a bare "fetch failed" TypeError whose `cause` holds a Node or undici error code) into a
 * FetchError a site owner can act on: which host, and what went wrong at which layer.
 */
import { FetchError } from './fetchError.js';

interface FailureContext {
  url: URL;
}

/** The first error code along the `cause` chain: fetch wraps the socket's error, undici sometimes wraps it again. */
function errorCode(error: unknown): { code: string | undefined; message: string } {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === 'string') return { code, message: current.message };
    current = current.cause;
  }
  return { code: undefined, message: current instanceof Error ? current.message : String(error) };
}

const TLS_REASONS: Record<string, string> = {
  CERT_HAS_EXPIRED: 'its certificate has expired',
  CERT_NOT_YET_VALID: 'its certificate is not valid yet',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate chain ends in a self-signed certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate chain is incomplete (serve the intermediate certificates too)',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its certificate is issued by an authority this server does not trust',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is not valid for this host name',
  ERR_SSL_WRONG_VERSION_NUMBER: 'it did not answer in TLS (is this port plain http?)',
  ERR_SSL_PACKET_LENGTH_TOO_LONG: 'it did not answer in TLS (is this port plain http?)',
  EPROTO: 'the TLS handshake failed',
};

function isTlsCode(code: string): boolean {
  return code in TLS_REASONS || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_') || code.startsWith('CERT_') || code.includes('CERT');
}

export function explainFailure(error: unknown, { url }: FailureContext): FetchError {
  if (error instanceof FetchError) return error;
  const { code, message } = errorCode(error);
  const host = url.host;
  if (code && isTlsCode(code)) {
    return new FetchError('tls', url.href, `TLS error with ${host}: ${TLS_REASONS[code] ?? message}`);
  }
  switch (code) {
    case 'ECONNREFUSED':
      return new FetchError('connection', url.href, `${host} refused the connection (nothing listens on that port?)`);
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return new FetchError('connection', url.href, `${host} closed the connection before answering`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new FetchError('connection', url.href, `${host} is unreachable from this server`);
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new FetchError('connection', url.href, `${host} did not accept the connection in time`);
    case 'ENOTFOUND':
      return new FetchError('dns', url.href, `DNS: no such host ${url.hostname}`);
    case 'Z_DATA_ERROR':
    case 'Z_BUF_ERROR':
    case 'ERR_BROTLI_DECOMPRESSION_FAILED':
      return new FetchError('connection', url.href, `${url.href} sent a compressed body that could not be decoded`);
    default:
      return new FetchError('connection', url.href, `${url.href} could not be fetched: ${code ? `${message} (${code})` : message}`);
  }
}
