"""A Django-shaped app beside `payments-kit proxy` (docs/other-servers.md), standard library only.

What a Django (or Flask, or any Python) app does to show the kit's elements:
- renders its page from a template, with a payments session minted for this user and this
  order (mint_session.py, docs/session-token.md) in the provider's `session` attribute;
- routes /api/payments/ and /payments-kit/ to the proxy process, which holds the API
  credentials and serves the standalone elements file (in production nginx or the platform's
  router does this; here the app forwards them itself, keeping the Host header so the proxy sees
  the page's own origin).

    npx payments-kit proxy --sandbox        # in another terminal, with the same two variables
    PAYMENTS_SESSION_SECRET=… PAYMENTS_SESSION_AUDIENCE=http://127.0.0.1:8000 python3 app.py

Settings from the environment: PAYMENTS_SESSION_SECRET and PAYMENTS_SESSION_AUDIENCE (the same as
the proxy's), PAYMENTS_PROXY_URL (default http://127.0.0.1:4000), PAYMENTS_ELEMENTS_INTEGRITY
(the value the proxy prints), HOST and PORT (default 127.0.0.1:8000).
"""

import html
import http.client
import os
import string
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from mint_session import mint_session

HERE = Path(__file__).resolve().parent
SECRET = os.environ["PAYMENTS_SESSION_SECRET"]
AUDIENCE = os.environ["PAYMENTS_SESSION_AUDIENCE"]
PROXY = urllib.parse.urlsplit(os.environ.get("PAYMENTS_PROXY_URL", "http://127.0.0.1:4000"))
INTEGRITY = os.environ.get("PAYMENTS_ELEMENTS_INTEGRITY", "")
TEMPLATE = string.Template((HERE / "templates" / "checkout.html").read_text(encoding="utf-8"))

# What the proxy process serves: the API's paths under /api/payments, the elements' files.
PROXIED = ("/api/payments/", "/payments-kit/")
# Headers of one connection, not of the request: never forwarded (RFC 9110, section 7.6.1).
HOP_BY_HOP = {"connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade"}
# The app's own files (Django: STATIC_URL).
STATIC = {"/static/checkout.js": "text/javascript; charset=utf-8", "/static/favicon.svg": "image/svg+xml"}
# No inline script anywhere: the elements adopt their stylesheet, the page's script is a file.
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


def grant_for(user_id):
    """What this user's checkout page may do: one order's transaction and intent, with the saved card."""
    return {"transactions": ["1001"], "paymentIntents": [{"id": "pi_succeeded", "paymentMethods": ["pm_card_visa"]}]}


class App(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        self.route()

    def do_HEAD(self):
        self.route()

    def do_POST(self):
        self.route()

    def route(self):
        path = urllib.parse.urlsplit(self.path).path
        if path.startswith(PROXIED):
            self.forward()
        elif self.command not in ("GET", "HEAD"):
            self.answer(405, "text/plain; charset=utf-8", b"Method not allowed")
        elif path == "/":
            self.checkout()
        elif path in STATIC:
            self.answer(200, STATIC[path], (HERE / path.lstrip("/")).read_bytes())
        else:
            self.answer(404, "text/plain; charset=utf-8", b"Not found")

    def checkout(self):
        # In Django: a view behind login_required, the user from request.user.
        user_id = "user_42"
        token = mint_session(secret=SECRET, audience=AUDIENCE, subject=user_id, allow=grant_for(user_id))
        page = TEMPLATE.substitute(
            payments_session=html.escape(token),
            integrity_attribute=f' integrity="{html.escape(INTEGRITY)}"' if INTEGRITY else "",
        )
        self.answer(200, "text/html; charset=utf-8", page.encode("utf-8"))

    def forward(self):
        """The request as it came (method, path, headers, body) to the proxy process, and its answer back."""
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {name: value for name, value in self.headers.items() if name.lower() not in HOP_BY_HOP}
        connection = http.client.HTTPConnection(PROXY.hostname, PROXY.port, timeout=30)
        try:
            connection.request(self.command, self.path, body=body, headers=headers)
            upstream = connection.getresponse()
            content = upstream.read()
            self.send_response(upstream.status)
            for name, value in upstream.getheaders():
                if name.lower() not in HOP_BY_HOP and name.lower() != "content-length":
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(content)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(content)
        except OSError as error:
            self.log_error("payments proxy unreachable at %s: %s", PROXY.geturl(), error)
            self.answer(502, "text/plain; charset=utf-8", b"Payments proxy unreachable")
        finally:
            connection.close()

    def answer(self, status, content_type, content):
        self.send_response(status)
        for name, value in HEADERS.items():
            self.send_header(name, value)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(content)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(content)


if __name__ == "__main__":
    server = ThreadingHTTPServer((os.environ.get("HOST", "127.0.0.1"), int(os.environ.get("PORT", "8000"))), App)
    host, port = server.server_address[:2]
    print(f"Python checkout page: http://{host}:{port} (payments proxy: {PROXY.geturl()})", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        sys.exit(0)
