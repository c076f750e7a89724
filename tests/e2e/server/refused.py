"""Waiting for a server to stop accepting, for the shutdown checks of the
server's e2e scripts: no step may rely on a sleep being long enough."""
import socket
import time


def refused_within(port, seconds=10):
    """True once a new connection to 127.0.0.1:port is refused (polled every
    20 ms), False if it is still accepted after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=2).close()
        except OSError:
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
