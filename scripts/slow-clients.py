#!/usr/bin/env python3
"""Slow clients against render-alert-server: how many legitimate requests are served while
they hold connections.

Opens --slow connections that each send a request head at once and then its body one byte
every --interval seconds (reconnecting when the server closes one), waits --warmup seconds,
then sends --legit ordinary POST /v1/localize requests at once and counts those answered 200
within --window seconds.

  scripts/slow-clients.py --port 8080                # 25 slow bodies, 6 requests, 30 s
  scripts/slow-clients.py --port 8080 --token T      # slow bodies without the token
  scripts/slow-clients.py --port 8080 --batch        # a slow batch line

Prints one line: `served N of M legitimate requests in W s`, then the times, and exits 0.
Standard library only.
"""
import argparse
import socket
import sys
import threading
import time

REQUEST = b'{"payload":{"aps":{"alert":{"loc-key":"call.missed.body","loc-args":["Ana"]}}},"languages":["fr"]}'


def slow_client(args, stop):
    path = "/v1/localize/batch" if args.batch else "/v1/localize"
    while not stop.is_set():
        try:
            with socket.create_connection((args.host, args.port), timeout=args.interval + 5) as connection:
                head = f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n"
                connection.sendall(head.encode())
                while not stop.is_set():
                    connection.sendall(b"{" if not args.batch else b" ")
                    if stop.wait(args.interval):
                        return
        except OSError:
            # Closed by the server: come back, as an attacker would.
            if stop.wait(0.05):
                return


def legitimate(args, results, index, deadline):
    start = time.monotonic()
    headers = f"Authorization: Bearer {args.token}\r\n" if args.token else ""
    request = (
        f"POST /v1/localize HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n{headers}"
        f"Content-Length: {len(REQUEST)}\r\n\r\n"
    ).encode() + REQUEST
    try:
        with socket.create_connection((args.host, args.port), timeout=max(0.1, deadline - time.monotonic())) as connection:
            connection.sendall(request)
            answer = b""
            while time.monotonic() < deadline:
                connection.settimeout(max(0.05, deadline - time.monotonic()))
                chunk = connection.recv(65536)
                if not chunk:
                    break
                answer += chunk
            status = answer.split(b" ", 2)[1].decode() if answer.startswith(b"HTTP/1.1 ") else "none"
    except OSError as error:
        status = type(error).__name__
    results[index] = (status, time.monotonic() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--slow", type=int, default=25, help="slow connections (default 25)")
    parser.add_argument("--legit", type=int, default=6, help="legitimate requests (default 6)")
    parser.add_argument("--interval", type=float, default=59, help="seconds between a slow body's bytes (default 59)")
    parser.add_argument("--warmup", type=float, default=5, help="seconds the slow clients get first (default 5)")
    parser.add_argument("--window", type=float, default=30, help="seconds the legitimate requests get (default 30)")
    parser.add_argument("--token", help="the server's --token, sent by the legitimate requests only")
    parser.add_argument("--batch", action="store_true", help="slow batch lines instead of slow single bodies")
    args = parser.parse_args()

    stop = threading.Event()
    slow = [threading.Thread(target=slow_client, args=(args, stop), daemon=True) for _ in range(args.slow)]
    for thread in slow:
        thread.start()
    time.sleep(args.warmup)
    deadline = time.monotonic() + args.window
    results = [("not answered", args.window)] * args.legit
    threads = [threading.Thread(target=legitimate, args=(args, results, index, deadline), daemon=True) for index in range(args.legit)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(0, deadline - time.monotonic()) + 1)
    stop.set()
    served = sum(1 for status, _ in results if status == "200")
    print(f"served {served} of {args.legit} legitimate requests in {args.window:g} s")
    print("  " + ", ".join(f"{status} after {seconds:.1f} s" for status, seconds in results))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
