"""The official Python SDK's client OAuth support (`mcp.client.auth`, pinned in
scripts/auth-e2e.sh) against the `remote` example behind the oauth2-mock-server launcher.

Usage: python_client.py MCP_URL ISSUER_URL

For each grant, a fresh client does the whole discovery flow itself: its first request gets
401 with `WWW-Authenticate: Bearer resource_metadata=...`, it reads the RFC 9728
protected-resource metadata, then the RFC 8414 authorization-server metadata, gets a token
(naming the MCP server as the RFC 8707 `resource`) and retries. Then it lists the tools,
calls one that needs a scope (`add_note`, `notes:write`), one that needs none (`ping`) and
`whoami`, asserting each result. Grants:

  - authorization code with PKCE (S256), the client registered by RFC 7591 dynamic client
    registration; the "browser" is headless: the redirect handler fetches the authorization
    URL (the mock server approves at once) and takes the code from the redirect's `Location`;
  - client credentials (`ClientCredentialsOAuthProvider`, RFC 6749 4.4).

And the negative case: a client with no OAuth provider gets the 401.
"""

import asyncio
import sys
from urllib.parse import parse_qs, urlparse

import httpx2
from mcp import Client
from mcp.client.auth import OAuthClientProvider
from mcp.client.auth.extensions.client_credentials import ClientCredentialsOAuthProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import (
    AuthorizationCodeResult,
    OAuthClientInformationFull,
    OAuthClientMetadata,
    OAuthToken,
)

REDIRECT_URI = "http://127.0.0.1:1/callback"  # never contacted: the code is read from Location


class MemoryStorage:
    """Tokens and the registration, in memory (one per client)."""

    def __init__(self) -> None:
        self.tokens: OAuthToken | None = None
        self.client_info: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.client_info

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.client_info = client_info


def fail(message: str) -> None:
    raise SystemExit(f"FAILED python: {message}")


def authorization_code_provider(url: str, storage: MemoryStorage) -> OAuthClientProvider:
    captured: dict[str, str | None] = {}

    async def redirect(authorization_url: str) -> None:
        # The user agent: the mock server answers the authorization request with a redirect
        # to REDIRECT_URI carrying the code (no login page).
        async with httpx2.AsyncClient(timeout=10) as http:
            response = await http.get(authorization_url, follow_redirects=False)
        if response.status_code not in (302, 303):
            fail(f"the authorization endpoint answered {response.status_code}, not a redirect")
        query = parse_qs(urlparse(response.headers["location"]).query)
        if "resource" not in parse_qs(urlparse(authorization_url).query):
            fail("the authorization request named no RFC 8707 resource")
        captured["code"] = query.get("code", [None])[0]
        captured["state"] = query.get("state", [None])[0]

    async def callback() -> AuthorizationCodeResult:
        if not captured.get("code"):
            fail("no authorization code in the redirect")
        return AuthorizationCodeResult(code=captured["code"], state=captured["state"])

    metadata = OAuthClientMetadata(
        client_name="mcp-content auth e2e (python)",
        redirect_uris=[REDIRECT_URI],
        grant_types=["authorization_code", "refresh_token"],
        response_types=["code"],
    )
    return OAuthClientProvider(url, metadata, storage, redirect, callback)


async def exercise(url: str, auth: httpx2.Auth, grant: str) -> None:
    async with httpx2.AsyncClient(auth=auth, timeout=30) as http:
        async with Client(streamable_http_client(url, http_client=http), mode="legacy") as client:
            names = sorted(tool.name for tool in (await client.list_tools()).tools)
            for expected in ("add_note", "ping", "whoami"):
                if expected not in names:
                    fail(f"{grant}: tools/list lacks {expected}: {names}")
            pong = await client.call_tool("ping", {})
            if pong.is_error or pong.content[0].text != "pong":
                fail(f"{grant}: ping answered {pong!r}")
            note = await client.call_tool("add_note", {"text": f"from python ({grant})"})
            if note.is_error or not note.content[0].text.startswith("saved note "):
                fail(f"{grant}: add_note (scope notes:write) answered {note!r}")
            who = await client.call_tool("whoami", {})
            text = who.content[0].text
            if who.is_error or "notes:write" not in text:
                fail(f"{grant}: whoami answered {who!r}")
    print(f"ok   python mcp, {grant}: discovery, token, tools/list, ping, add_note, whoami ({text})")


def messages(error: BaseException) -> str:
    """Every message in an exception (group), for the 401 check."""
    code = getattr(error, "code", None)
    parts = [f"{type(error).__name__}{f' (code {code})' if code is not None else ''}: {error}"]
    for inner in getattr(error, "exceptions", ()):
        parts.append(messages(inner))
    if error.__cause__ is not None:
        parts.append(messages(error.__cause__))
    return " | ".join(parts)


async def no_token(url: str) -> None:
    try:
        async with Client(url, mode="legacy") as client:
            await client.list_tools()
    except BaseException as error:  # noqa: BLE001 - the SDK wraps it in groups
        if isinstance(error, (KeyboardInterrupt, SystemExit)):
            raise
        text = messages(error)
        # The SDK raises the 401's JSON-RPC error body (the endpoint's "unauthorized: ...").
        if "401" not in text and "unauthorized" not in text.lower():
            fail(f"no token: the client failed, but not for authorization: {text}")
        print(f"ok   python mcp, no token: refused ({text.split(' | ')[-1]})")
        return
    fail("no token: the server answered without a token")


async def main(url: str, issuer: str) -> None:
    await exercise(url, authorization_code_provider(url, MemoryStorage()), "authorization code + PKCE (DCR)")
    credentials = ClientCredentialsOAuthProvider(
        server_url=url,
        storage=MemoryStorage(),
        client_id="python-m2m",
        client_secret="python-m2m-secret",
        issuer=issuer,
    )
    await exercise(url, credentials, "client credentials")
    await no_token(url)


asyncio.run(asyncio.wait_for(main(sys.argv[1], sys.argv[2]), timeout=120))
