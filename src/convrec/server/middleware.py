"""Pure ASGI middleware (a client's disconnect stays visible to the handlers): the body size
limit and the bearer key."""

from __future__ import annotations

import hmac
import json


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes gets 413 before any handler reads it
    (declared by Content-Length or counted while a chunked body arrives)."""

    def __init__(self, app, limit: int, on_reject=None):
        self.app, self.limit, self.on_reject = app, limit, on_reject

    async def _reject(self, send) -> None:
        if self.on_reject:
            self.on_reject()
        body = json.dumps({"error": {"message": f"request body too large (at most {self.limit:,} bytes)",
                                     "type": "invalid_request_error", "code": "body_too_large"}}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope.get("method") not in ("POST", "PUT", "PATCH"):
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None:
            try:
                n = int(length)
            except ValueError:
                n = self.limit + 1
            if n > self.limit:
                return await self._reject(send)
            return await self.app(scope, receive, send)
        messages, size = [], 0
        while True:  # chunked: read it all (up to the limit), then replay it to the app
            msg = await receive()
            messages.append(msg)
            if msg["type"] != "http.request":
                break
            size += len(msg.get("body", b""))
            if size > self.limit:
                return await self._reject(send)
            if not msg.get("more_body", False):
                break

        async def replay():
            return messages.pop(0) if messages else await receive()

        return await self.app(scope, replay, send)


class BearerAuth:
    """ASGI middleware: /v1, /api and /metrics need ``Authorization: Bearer <key>``."""

    def __init__(self, app, key: str, on_reject=None):
        self.app, self.key, self.on_reject = app, key.encode(), on_reject

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            path = scope.get("path", "")
            if path.startswith(("/v1/", "/api/")) or path == "/metrics":
                got = dict(scope.get("headers") or []).get(b"authorization", b"")
                token = got[7:].strip() if got[:7].lower() == b"bearer " else b""
                if not hmac.compare_digest(token, self.key):
                    if self.on_reject:
                        self.on_reject()
                    body = json.dumps({"error": {"message": "missing or wrong API key (send Authorization: Bearer <key>)",
                                                 "type": "invalid_request_error", "code": "invalid_api_key"}}).encode()
                    await send({"type": "http.response.start", "status": 401,
                                "headers": [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer"),
                                            (b"content-length", str(len(body)).encode())]})
                    await send({"type": "http.response.body", "body": body})
                    return
        await self.app(scope, receive, send)
