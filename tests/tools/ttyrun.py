#!/usr/bin/env python3
# ttyrun.py 'PROG [ARG...]'...: run each command line (split as the
# shell splits words) with a terminal (a pty) as its standard input and
# standard output discarded; end the terminal's input with Ctrl-D once
# it has said something on stderr or after a second, again until it
# ends (a reader may read on after an end of file).  Prints, for each,
# what it wrote to stderr, then "exit N".  One python for many
# programs: its start is most of the time.
# ttyrun.py --stdout 'PROG [ARG...]'...: the terminal is standard
# output instead (standard input is /dev/null); prints what each wrote
# to stderr, "stdout N bytes" (what the terminal got), then "exit N".
import os, pty, select, shlex, subprocess, sys, time


def run(argv):
    m, s = pty.openpty()
    p = subprocess.Popen(argv, stdin=s, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
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
    end = time.time() + 10
    while p.poll() is None and time.time() < end:
        os.write(m, b"\x04")
        time.sleep(0.02)
    if p.poll() is None:
        p.kill()
    err += p.stderr.read()
    rc = p.wait()
    os.close(m)
    sys.stdout.write(err.decode("utf-8", "replace"))
    print("exit", rc)


def run_out(argv):
    m, s = pty.openpty()
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=s, stderr=subprocess.PIPE)
    os.close(s)
    got = 0
    while True:
        try:
            chunk = os.read(m, 65536)
        except OSError:
            break  # the last writer closed the terminal
        if not chunk:
            break
        got += len(chunk)
    err = p.stderr.read()
    rc = p.wait()
    os.close(m)
    sys.stdout.write(err.decode("utf-8", "replace"))
    print("stdout", got, "bytes")
    print("exit", rc)


args = sys.argv[1:]
out = args[:1] == ["--stdout"]
for cmd in args[1:] if out else args:
    (run_out if out else run)(shlex.split(cmd))
