#!/usr/bin/env python3
# ttyerr.py PROG [ARG...]: run the command with a terminal (a pty) as
# its standard error, standard input and output as given; print what it
# wrote to the terminal, control characters as \r, \x1b, and exit with
# its status.
import os, pty, subprocess, sys

m, s = pty.openpty()
p = subprocess.Popen(sys.argv[1:], stderr=s)
os.close(s)
out = b""
while True:
    try:
        chunk = os.read(m, 4096)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
rc = p.wait()
sys.stdout.write(out.decode("utf-8", "replace").encode("unicode_escape").decode("ascii"))
sys.stdout.write("\n")
sys.exit(rc)
