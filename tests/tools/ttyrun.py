#!/usr/bin/env python3
# ttyrun.py PROG [ARG...]: run PROG with a terminal (a pty) as its
# standard input, standard output a pipe; end the terminal's input with
# Ctrl-D once PROG has said something on stderr or after a second, and
# print what PROG wrote to stderr, then "exit N".
import os, pty, select, subprocess, sys, time

m, s = pty.openpty()
p = subprocess.Popen(sys.argv[1:], stdin=s, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
os.close(s)
err = b""
end = time.time() + 1
while time.time() < end and p.poll() is None:
    r, _, _ = select.select([p.stderr], [], [], 0.05)
    if r:
        chunk = os.read(p.stderr.fileno(), 4096)
        err += chunk
        if b"\n" in err or not chunk:
            break
# Ctrl-D until it ends: a reader may read again after an end of file
end = time.time() + 10
while p.poll() is None and time.time() < end:
    os.write(m, b"\x04")
    time.sleep(0.05)
if p.poll() is None:
    p.kill()
err += p.stderr.read()
rc = p.wait()
sys.stdout.write(err.decode("utf-8", "replace"))
print("exit", rc)
