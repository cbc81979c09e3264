"""The built site served over HTTP (``tcgrules site serve``, the browser tests): a static
server that, like the usual static hosts, answers an address it does not have with the site's
``404.html``, whose page script sends ``/<game>/<number>`` on to the clause."""
from __future__ import annotations

from http.server import SimpleHTTPRequestHandler
from pathlib import Path


class SiteHandler(SimpleHTTPRequestHandler):
    """Files of the site folder (``directory``); a missing one is the site's 404 page."""

    def send_error(self, code, message=None, explain=None) -> None:
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
