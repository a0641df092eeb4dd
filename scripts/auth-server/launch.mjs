// An OAuth 2.1 authorization server for the end-to-end authorization tests: the npm package
// `oauth2-mock-server` (nobody here wrote it; pinned by scripts/auth-server.sh), started on a
// free 127.0.0.1 port, with what the MCP authorization flow needs and the package lacks added
// through its hooks and custom routes:
//
//   - RFC 8414 metadata at /.well-known/oauth-authorization-server (the package serves only
//     OpenID discovery), naming the registration endpoint and the client authentication
//     methods the token endpoint accepts (it accepts any; the package advertises only `none`);
//   - RFC 7591 dynamic client registration at POST /register (the package has none): any
//     metadata is accepted and echoed with a fresh client id (and a secret unless the client
//     asks for `none`);
//   - RFC 8707: the access token's `aud` is the `resource` the client named on the token
//     request (or, for the authorization code grant, on the authorization request); the
//     package sets `aud` only from a non-standard `aud` parameter. With no resource the
//     token has no `aud` (a resource server must refuse it);
//   - `client_id` in every access token, and `sub` = the client for client credentials;
//   - GET /test/token?aud=&scope=&expires_in=&sub=&iss= : a signed token made to order, for
//     the negative cases (another audience, expired, another issuer, no scope). Test-only:
//     this server exists only for the tests.
//
// Keys: one RS256 key pair, generated at start (the JWKS at /jwks).
//
// Usage: node launch.mjs [--port N] [--default-scope "a b"]
// Prints `issuer=<url>` on one line once it listens; stops on SIGTERM / SIGINT / stdin EOF
// when --stop-on-stdin-eof is given.
import { randomBytes, randomUUID } from 'node:crypto';
import { OAuth2Server, Events } from 'oauth2-mock-server';

const args = process.argv.slice(2);
function option(name, fallback) {
  const at = args.indexOf(name);
  return at >= 0 && at + 1 < args.length ? args[at + 1] : fallback;
}
const port = Number(option('--port', '0'));
// The scope a token gets when the client asks for none (the authorization code grant of the
// package would otherwise say "dummy").
const defaultScope = option('--default-scope', '');

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
const service = server.service;

// --- What the client asked for at the authorization request, by code --------------------------
// The package binds neither the `resource` nor the `scope` of an authorization request to
// its code (its token endpoint grants the scope of the token request, else "dummy"); a
// client sends both on the authorization request only, as RFC 6749 and RFC 8707 have it.
const requestByCode = new Map();
service.on(Events.BeforeAuthorizeRedirect, (redirect, req) => {
  const code = redirect.url.searchParams.get('code');
  if (!code) return;
  const { resource, scope } = req.query ?? {};
  requestByCode.set(code, {
    resource: typeof resource === 'string' ? resource : undefined,
    scope: typeof scope === 'string' ? scope : undefined,
  });
});

function clientIdOf(req) {
  const header = req.headers.authorization ?? '';
  if (header.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return decodeURIComponent(colon >= 0 ? decoded.slice(0, colon) : decoded);
  }
  return typeof req.body?.client_id === 'string' ? req.body.client_id : undefined;
}

// --- RFC 8707 audience, client id, default scope ------------------------------------------------
// The scope granted: the token request's, else the authorization request's (for a code),
// else the default.
function grantedScope(req) {
  const body = req.body ?? {};
  if (typeof body.scope === 'string' && body.scope.trim() !== '') return body.scope;
  const asked = typeof body.code === 'string' ? requestByCode.get(body.code)?.scope : undefined;
  if (asked !== undefined && asked.trim() !== '') return asked;
  return defaultScope || undefined;
}
service.on(Events.BeforeTokenSigning, (token, req) => {
  const body = req.body ?? {};
  const byCode = typeof body.code === 'string' ? requestByCode.get(body.code) : undefined;
  const resource = typeof body.resource === 'string' ? body.resource : byCode?.resource;
  if (resource !== undefined) token.payload.aud = resource;
  const clientId = clientIdOf(req);
  if (clientId !== undefined) {
    token.payload.client_id = clientId;
    if (body.grant_type === 'client_credentials') token.payload.sub = clientId;
  }
  if (body.grant_type !== 'refresh_token') {
    const scope = grantedScope(req);
    if (scope !== undefined) token.payload.scope = scope;
    else delete token.payload.scope;
  }
});
service.on(Events.BeforeResponse, (response, req) => {
  const body = req.body ?? {};
  if (response.body && 'access_token' in response.body && body.grant_type !== 'refresh_token') {
    // The response's `scope` says what was granted (the token's, not the package's "dummy").
    const scope = grantedScope(req);
    if (scope !== undefined) response.body.scope = scope;
    else delete response.body.scope;
  }
  // A code is used once.
  if (typeof body.code === 'string') requestByCode.delete(body.code);
});

// --- RFC 8414 metadata ---------------------------------------------------------------------
function metadata() {
  const issuer = server.issuer.url;
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    registration_endpoint: `${issuer}/register`,
    introspection_endpoint: `${issuer}/introspect`,
    revocation_endpoint: `${issuer}/revoke`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'client_credentials', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    code_challenge_methods_supported: ['S256'],
  };
}
function sendJson(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}
service.addRoute('GET', '/.well-known/oauth-authorization-server', (_req, res) => sendJson(res, 200, metadata()));
// OpenID discovery names the same endpoints (a client may try it first).
service.on(Events.BeforeWellKnownOpenIdConfiguration, (response) => {
  Object.assign(response.body, metadata());
});

// --- RFC 7591 dynamic client registration --------------------------------------------------
service.addRoute('POST', '/register', (req, res) => {
  const asked = req.body && typeof req.body === 'object' ? req.body : {};
  const method = typeof asked.token_endpoint_auth_method === 'string' ? asked.token_endpoint_auth_method : 'client_secret_basic';
  const client = {
    ...asked,
    client_id: `client-${randomUUID()}`,
    client_id_issued_at: Math.floor(Date.now() / 1000),
    token_endpoint_auth_method: method,
  };
  if (method !== 'none') {
    client.client_secret = randomBytes(24).toString('base64url');
    client.client_secret_expires_at = 0;
  }
  sendJson(res, 201, client);
});

// --- Tokens made to order, for the negative cases ---------------------------------------------
service.addRoute('GET', '/test/token', async (req, res) => {
  const q = req.query ?? {};
  const expiresIn = q.expires_in !== undefined ? Number(q.expires_in) : 3600;
  const token = await server.issuer.buildToken({
    expiresIn,
    scopesOrTransform: (_header, payload) => {
      payload.sub = typeof q.sub === 'string' ? q.sub : 'test-user';
      payload.client_id = 'test-client';
      if (typeof q.aud === 'string') payload.aud = q.aud;
      if (typeof q.scope === 'string' && q.scope !== '') payload.scope = q.scope;
      if (typeof q.iss === 'string') payload.iss = q.iss;
      if (expiresIn < 0) {
        // Expired well before now, and valid before it expired.
        payload.iat = payload.exp - 60;
        payload.nbf = payload.exp - 60;
      }
    },
  });
  sendJson(res, 200, { access_token: token, token_type: 'Bearer' });
});

await server.start(port, '127.0.0.1');
// The package names a loopback server `localhost`; the tests use the address it bound.
server.issuer.url = `http://127.0.0.1:${server.address().port}`;
console.log(`issuer=${server.issuer.url}`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  // Bounded: an open keep-alive connection must not keep the process alive.
  setTimeout(() => process.exit(0), 2000).unref();
  try {
    await server.stop();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
if (args.includes('--stop-on-stdin-eof')) {
  process.stdin.resume();
  process.stdin.on('end', stop);
}
