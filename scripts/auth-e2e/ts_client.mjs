// The official TypeScript SDK's client OAuth support (`@modelcontextprotocol/sdk`, pinned in
// scripts/auth-e2e.sh) against the `remote` example behind the oauth2-mock-server launcher.
//
// Usage: node ts_client.mjs MCP_URL ISSUER_URL   (run from tools/auth-e2e, where the SDK is)
//
// For each grant the SDK's transport does the discovery flow itself: 401 with
// `WWW-Authenticate: Bearer resource_metadata=...` -> RFC 9728 protected-resource metadata ->
// RFC 8414 authorization-server metadata -> token (with the RFC 8707 `resource`) -> retry.
// Then it lists the tools and calls `add_note` (scope notes:write), `ping` (no scope) and
// `whoami`, asserting each result. Grants:
//
//   - authorization code with PKCE (S256), the client registered by RFC 7591 dynamic client
//     registration; the redirect is headless: `redirectToAuthorization` fetches the URL (the
//     mock server approves at once), keeps the code from `Location`, and the program calls
//     `transport.finishAuth(code)` and connects again, as an app does after its callback;
//   - client credentials (`ClientCredentialsProvider` of `client/auth-extensions`).
//
// And the negative case: a transport with no provider sees the 401.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { ClientCredentialsProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';

const [url, issuer] = process.argv.slice(2);
if (!url || !issuer) {
  console.error('usage: node ts_client.mjs MCP_URL ISSUER_URL');
  process.exit(2);
}
const REDIRECT_URI = 'http://127.0.0.1:1/callback'; // never contacted: the code is read from Location

function fail(message) {
  console.error(`FAILED typescript: ${message}`);
  process.exit(1);
}

// An OAuthClientProvider for the authorization code grant, in memory, with a headless "browser".
class HeadlessProvider {
  constructor() {
    this.code = undefined;
    this._tokens = undefined;
    this._client = undefined;
    this._verifier = undefined;
  }
  get redirectUrl() {
    return REDIRECT_URI;
  }
  get clientMetadata() {
    return {
      client_name: 'mcp-content auth e2e (typescript)',
      redirect_uris: [REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this._client;
  }
  saveClientInformation(info) {
    this._client = info;
  }
  tokens() {
    return this._tokens;
  }
  saveTokens(tokens) {
    this._tokens = tokens;
  }
  saveCodeVerifier(verifier) {
    this._verifier = verifier;
  }
  codeVerifier() {
    return this._verifier;
  }
  async redirectToAuthorization(authorizationUrl) {
    if (!authorizationUrl.searchParams.get('resource')) fail('the authorization request named no RFC 8707 resource');
    if (authorizationUrl.searchParams.get('code_challenge_method') !== 'S256') fail('the authorization request used no S256 PKCE');
    const response = await fetch(authorizationUrl, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    const location = response.headers.get('location');
    if (!location) fail(`the authorization endpoint answered ${response.status}, not a redirect`);
    this.code = new URL(location).searchParams.get('code') ?? undefined;
    if (!this.code) fail(`no code in the redirect ${location}`);
  }
}

async function exercise(makeTransport, grant) {
  const client = new Client({ name: 'mcp-content-auth-e2e', version: '0' });
  await client.connect(makeTransport());
  try {
    const names = (await client.listTools()).tools.map((t) => t.name);
    for (const expected of ['add_note', 'ping', 'whoami']) {
      if (!names.includes(expected)) fail(`${grant}: tools/list lacks ${expected}: ${names}`);
    }
    const pong = await client.callTool({ name: 'ping', arguments: {} });
    if (pong.isError || pong.content[0].text !== 'pong') fail(`${grant}: ping answered ${JSON.stringify(pong)}`);
    const note = await client.callTool({ name: 'add_note', arguments: { text: `from typescript (${grant})` } });
    if (note.isError || !note.content[0].text.startsWith('saved note ')) {
      fail(`${grant}: add_note (scope notes:write) answered ${JSON.stringify(note)}`);
    }
    const who = await client.callTool({ name: 'whoami', arguments: {} });
    const text = who.content[0].text;
    if (who.isError || !text.includes('notes:write')) fail(`${grant}: whoami answered ${JSON.stringify(who)}`);
    console.log(`ok   typescript sdk, ${grant}: discovery, token, tools/list, ping, add_note, whoami (${text})`);
  } finally {
    await client.close();
  }
}

async function authorizationCode() {
  const grant = 'authorization code + PKCE (DCR)';
  const provider = new HeadlessProvider();
  const first = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  const client = new Client({ name: 'mcp-content-auth-e2e', version: '0' });
  try {
    await client.connect(first);
    fail(`${grant}: the server answered before any authorization`);
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) throw error;
  }
  if (!provider.code) fail(`${grant}: the SDK never sent the user to the authorization endpoint`);
  // The app's callback: exchange the code (with the PKCE verifier), then connect again.
  await first.finishAuth(provider.code);
  if (!provider.tokens()?.access_token) fail(`${grant}: no token after finishAuth`);
  await exercise(() => new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }), grant);
}

async function clientCredentials() {
  // The scope is configured: this SDK version's non-interactive token request sends the
  // provider's `clientMetadata.scope`, not the scopes the server's metadata or challenge name
  // (its authorization code flow does use those).
  const provider = new ClientCredentialsProvider({
    clientId: 'typescript-m2m',
    clientSecret: 'typescript-m2m-secret',
    scope: 'notes:write',
    expectedIssuer: issuer,
  });
  await exercise(() => new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }), 'client credentials');
}

async function noToken() {
  const client = new Client({ name: 'mcp-content-auth-e2e', version: '0' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  } catch (error) {
    const text = `${error?.name}: ${error?.message} (code ${error?.code})`;
    if (!/401/.test(text) && !(error instanceof UnauthorizedError)) fail(`no token: failed, but not with 401: ${text}`);
    console.log(`ok   typescript sdk, no token: the client sees 401 (${text})`);
    return;
  }
  fail('no token: the server answered without a token');
}

const deadline = setTimeout(() => fail('did not finish within 120 s'), 120_000);
await authorizationCode();
await clientCredentials();
await noToken();
clearTimeout(deadline);
