#!/usr/bin/env python3
"""Server instructions per call, counted by callgrind (issue 27): steadier than CPU time on
a shared, busy machine. Runs one server of the e2e harnesses under valgrind twice, making
FEW and then MANY sequential calls of one tool, and prints (total(MANY) - total(FEW)) /
(MANY - FEW): start-up and shutdown cancel out.

  cargo build --release -p mcp-content-benches --bin e2e --bin e2e-stdio
  benches/scripts/callgrind-per-call.py http  mcp-content/rmcp small   [--few 20 --many 1020]
  benches/scripts/callgrind-per-call.py stdio mcp-content      picture [--few 5 --many 25]
  ... --keep /tmp/cg   keeps cg<FEW>.out and cg<MANY>.out: `callgrind_annotate --inclusive=yes
                       /tmp/cg/cg1020.out` shows where the instructions go

HTTP servers listen on 127.0.0.1 only and get stateless 2026-07-28 requests, as `e2e`
sends them; stdio servers get `initialize` (2025-11-25), then the calls, as `e2e-stdio`.
Every answer is checked to be a result. Needs valgrind and python3.
"""
import argparse, http.client, os, re, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
META = ('"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",'
        '"io.modelcontextprotocol/clientInfo":{"name":"e2e","version":"1.0.0"},'
        '"io.modelcontextprotocol/clientCapabilities":{}}')


def arguments(tool):
    return '{}' if tool == 'picture' else '{"name":"c"}'


def total(out):
    with open(out) as f:
        return next(int(l.split()[1]) for l in f if l.startswith('totals:'))


def run_http(exe, server, tool, n, out):
    port = 20000 + os.getpid() % 20000
    err = out + '.err'
    with open(err, 'w') as e:
        p = subprocess.Popen(['valgrind', '--tool=callgrind', '--callgrind-out-file=' + out,
                              exe, 'serve', server, '127.0.0.1:%d' % port], stderr=e)
    try:
        for _ in range(300):  # up to 60 s for the server to listen under valgrind
            if 'listening' in open(err).read():
                break
            time.sleep(0.2)
        c = http.client.HTTPConnection('127.0.0.1', port, timeout=120)
        for i in range(1, n + 1):
            body = ('{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"%s",'
                    '"arguments":%s,%s}}' % (i, tool, arguments(tool), META))
            c.request('POST', '/mcp', body, {
                'Content-Type': 'application/json',
                'Accept': 'application/json, text/event-stream',
                'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call',
                'Mcp-Name': tool})
            r = c.getresponse()
            data = r.read()
            if r.status != 200 or b'"result"' not in data[:300]:
                sys.exit('call %d: HTTP %d %r' % (i, r.status, data[:300]))
    finally:
        p.terminate()
        p.wait(timeout=120)
    return total(out)


def run_stdio(exe, server, tool, n, out):
    p = subprocess.Popen(['valgrind', '--tool=callgrind', '--callgrind-out-file=' + out,
                          exe, 'serve', server], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(line):
        p.stdin.write(line.encode() + b'\n')
        p.stdin.flush()

    send('{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":'
         '"2025-11-25","capabilities":{},"clientInfo":{"name":"e2e-stdio","version":"1.0.0"}}}')
    send('{"jsonrpc":"2.0","method":"notifications/initialized"}')
    p.stdout.readline()
    for i in range(1, n + 1):
        send('{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"%s",'
             '"arguments":%s}}' % (i, tool, arguments(tool)))
        line = p.stdout.readline()
        if b'"result"' not in line[:300]:
            p.kill()
            sys.exit('call %d: %r' % (i, line[:300]))
    p.stdin.close()
    p.wait(timeout=120)
    return total(out)


def main():
    a = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    a.add_argument('transport', choices=['http', 'stdio'])
    a.add_argument('server')
    a.add_argument('tool', choices=['picture', 'small'])
    a.add_argument('--few', type=int)
    a.add_argument('--many', type=int)
    a.add_argument('--exe', help='the harness binary (default: target/release/e2e[-stdio])')
    a.add_argument('--keep', metavar='DIR',
                   help='keep the two callgrind outputs in DIR, for callgrind_annotate')
    o = a.parse_args()
    few = o.few or (5 if o.tool == 'picture' else 20)
    many = o.many or (25 if o.tool == 'picture' else 1020)
    if not 0 < few < many <= 5000:
        sys.exit('need 0 < few < many <= 5000')
    exe = o.exe or os.path.join(ROOT, 'target', 'release',
                                'e2e' if o.transport == 'http' else 'e2e-stdio')
    run = run_http if o.transport == 'http' else run_stdio
    with tempfile.TemporaryDirectory() as d:
        if o.keep:
            os.makedirs(o.keep, exist_ok=True)
            d = o.keep
        counts = [run(exe, o.server, o.tool, n, os.path.join(d, 'cg%d.out' % n))
                  for n in (few, many)]
    per_call = (counts[1] - counts[0]) / (many - few)
    print('%s %s %s: %.0f instructions per call (%d calls: %d, %d calls: %d)'
          % (o.transport, o.server, o.tool, per_call, few, counts[0], many, counts[1]))


if __name__ == '__main__':
    main()
