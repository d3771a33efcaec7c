#!/usr/bin/env python3
"""A scriptable HTTP server on loopback, for versioncheck's tests, demo and bench.

    server.py [--routes ROUTES.json] [--log LOG.jsonl] [--fixtures DIR] [--port 0] [--lifetime 120]
              [--tls-cert CERT.pem --tls-key KEY.pem]

Binds 127.0.0.1 only (port 0 = ephemeral), prints the port on one stdout line
once it is listening, and exits by itself after --lifetime seconds. With
--tls-cert/--tls-key it speaks HTTPS (tests use a throwaway self-signed
certificate, which clients must refuse). Standard library only.

ROUTES.json maps a path (no query) to a list of responses, served in order; the
last one repeats. A response is an object:

    status      int, default 200
    headers     {name: value}; "Content-Type" defaults to application/json
    body        text of the body
    file        a fixture name (under --fixtures) to send as the body
    pad_to      pad a JSON object body (before its final "}") to exactly this many bytes
    repeat      with pad_to: the padding character (default "x")
    no_length   true: send no Content-Length and close the connection to end the body
    delay       seconds to wait before sending the status line
    trickle     [chunk_bytes, seconds]: send the body in chunks, sleeping between them
    redirect    a Location; status defaults to 302. "{port}" is replaced by our port,
                "{path}" by the request path, so "/loop" can redirect to itself.
    raw         the whole response, sent verbatim (UTF-8) before the connection is
                closed: a garbage status line, 20,000 header lines, a 100 KB ETag

Paths without a route: "/lookup" answers like the iTunes Lookup API from the
fixtures (id 1450000001 or bundleId com.example.notes -> itunes-ios.json; id
1460000002 or bundleId com.example.clipboard with entity=macSoftware ->
itunes-mac.json; anything else -> itunes-empty.json); "/fixtures/NAME" serves a
fixture file; anything else is 404.

Every request is appended to --log as one JSON line: method, path, query (raw),
headers (as received), time, and in_flight: how many requests had arrived and not
yet begun to be answered (their delay included) when it arrived, itself included: a
client's concurrency, as the server saw it, never more than the client's.
"""
import argparse
import json
import os
import signal
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_FIXTURES = os.path.normpath(os.path.join(HERE, "..", "..", "Fixtures"))

LOOKUP_APPS = {
    ("id", "1450000001", False): "itunes-ios.json",
    ("bundleId", "com.example.notes", False): "itunes-ios.json",
    ("id", "1460000002", True): "itunes-mac.json",
    ("bundleId", "com.example.clipboard", True): "itunes-mac.json",
}


class State:
    def __init__(self, routes, log_path, fixtures):
        self.routes = routes
        self.served = {}
        self.log_path = log_path
        self.fixtures = fixtures
        self.lock = threading.Lock()
        self.port = 0
        self.in_flight = 0

    def next_response(self, path):
        with self.lock:
            responses = self.routes.get(path)
            if not responses:
                return None
            index = self.served.get(path, 0)
            self.served[path] = index + 1
            return responses[min(index, len(responses) - 1)]

    def record(self, entry):
        if not self.log_path:
            return
        with self.lock:
            with open(self.log_path, "a", encoding="utf-8") as log:
                log.write(json.dumps(entry) + "\n")


def padded(body, size, char):
    """The JSON object `body` with a "padding" member that makes it exactly `size` bytes."""
    head = body.rstrip()
    if not head.endswith("}"):
        raise ValueError("pad_to needs a JSON object body")
    head = head[:-1].rstrip()
    separator = ", " if not head.endswith("{") else ""
    prefix = (head + separator + '"padding": "').encode("utf-8")
    suffix = b'"}'
    count = size - len(prefix) - len(suffix)
    if count < 0:
        raise ValueError("pad_to is smaller than the body")
    return prefix + char.encode("ascii") * count + suffix


class Handler(BaseHTTPRequestHandler):
    server_version = "LoopbackServer/1"
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):  # quiet: the request log is the record
        pass

    def do_GET(self):
        state = self.server.state
        parts = urllib.parse.urlsplit(self.path)
        with state.lock:
            state.in_flight += 1
            in_flight = state.in_flight
        released = []

        def release():
            # Once, when the answer starts (after any delay): a client that got its answer
            # and sends its next request must never find this one still counted.
            if not released:
                released.append(True)
                with state.lock:
                    state.in_flight -= 1

        self.release_in_flight = release
        try:
            self.answer(state, parts, in_flight)
        finally:
            release()

    def answer(self, state, parts, in_flight):
        state.record({
            "method": "GET",
            "path": parts.path,
            "query": parts.query,
            "headers": {k: v for k, v in self.headers.items()},
            "time": time.time(),
            "in_flight": in_flight,
        })
        spec = state.next_response(parts.path)
        if spec is None:
            spec = self.default_response(parts)
        try:
            self.send(spec, parts.path)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def default_response(self, parts):
        state = self.server.state
        if parts.path == "/lookup":
            query = urllib.parse.parse_qs(parts.query)
            mac = query.get("entity") == ["macSoftware"]
            for key in ("id", "bundleId"):
                for value in query.get(key, []):
                    name = LOOKUP_APPS.get((key, value, mac))
                    if name:
                        return {"file": name}
            return {"file": "itunes-empty.json"}
        if parts.path.startswith("/fixtures/"):
            name = os.path.basename(parts.path)
            if os.path.isfile(os.path.join(state.fixtures, name)):
                return {"file": name}
        return {"status": 404, "headers": {"Content-Type": "text/html"}, "body": "<html><body>Not Found</body></html>"}

    def send(self, spec, path):
        state = self.server.state
        if spec.get("delay"):
            time.sleep(float(spec["delay"]))
        self.release_in_flight()
        if "raw" in spec:
            self.close_connection = True
            try:
                self.wfile.write(spec["raw"].encode("utf-8"))
                self.wfile.flush()
            except OSError:
                pass  # the client hung up on a response it refused
            return
        status = int(spec.get("status", 302 if "redirect" in spec else 200))
        headers = dict(spec.get("headers", {}))
        if "redirect" in spec:
            headers["Location"] = spec["redirect"].replace("{port}", str(state.port)).replace("{path}", path)
        if "file" in spec:
            with open(os.path.join(state.fixtures, spec["file"]), "rb") as f:
                body = f.read()
        else:
            body = spec.get("body", "").encode("utf-8")
        if "pad_to" in spec:
            body = padded(body.decode("utf-8"), int(spec["pad_to"]), spec.get("repeat", "x"))
        if spec.get("file", "").endswith(".plist"):
            headers.setdefault("Content-Type", "application/octet-stream")
        headers.setdefault("Content-Type", "application/json")
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if spec.get("no_length"):
            self.send_header("Connection", "close")
            self.close_connection = True
        else:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        trickle = spec.get("trickle")
        if trickle:
            size, pause = int(trickle[0]), float(trickle[1])
            for start in range(0, len(body), size):
                self.wfile.write(body[start:start + size])
                self.wfile.flush()
                time.sleep(pause)
        else:
            self.wfile.write(body)
        self.wfile.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--routes")
    parser.add_argument("--log")
    parser.add_argument("--fixtures", default=DEFAULT_FIXTURES)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--lifetime", type=float, default=120.0)
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    args = parser.parse_args()
    # A parent that spawns us from a worker thread may hand down a blocked
    # SIGTERM: unblock it, so that terminating us works at once.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    routes = {}
    if args.routes:
        with open(args.routes, encoding="utf-8") as f:
            routes = json.load(f)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    if args.tls_cert:
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
    server.state = State(routes, args.log, args.fixtures)
    server.state.port = server.server_address[1]
    print(server.state.port, flush=True)
    timer = threading.Timer(args.lifetime, lambda: os._exit(0))
    timer.daemon = True
    timer.start()
    try:
        server.serve_forever(poll_interval=0.1)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
