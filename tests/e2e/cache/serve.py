#!/usr/bin/env python3
"""serve.py ROOT PORTFILE: serves ROOT over HTTP on a free port (written to
PORTFILE) for the cache tests and benchmark, with no internet needed.
  /redirect/PATH   302 to /PATH (a relative Location)
  /cut/PATH        the headers of PATH, half its body, then the connection closes
  *.ts             application/typescript; *.js text/javascript; *.json application/json
Each GET is appended to ROOT/../requests.log."""
import http.server, os, sys

root = os.path.abspath(sys.argv[1])
log = os.path.join(os.path.dirname(root), "requests.log")
TYPES = {".ts": "application/typescript", ".js": "text/javascript", ".json": "application/json"}

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        with open(log, "a") as f:
            f.write(self.path + "\n")
        path = self.path.split("?")[0]
        if path.startswith("/redirect/"):
            self.send_response(302)
            self.send_header("Location", "../" + path[len("/redirect/"):])
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        cut = path.startswith("/cut/")
        if cut:
            path = path[len("/cut"):]
        file = os.path.join(root, path.lstrip("/"))
        if not os.path.isfile(file):
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        body = open(file, "rb").read()
        self.send_response(200)
        self.send_header("Content-Type", TYPES.get(os.path.splitext(file)[1], "text/plain"))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if cut:
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.close_connection = True
            return
        self.wfile.write(body)

    def log_message(self, *args):
        pass

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(sys.argv[2] + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(sys.argv[2] + ".tmp", sys.argv[2])
server.serve_forever()
