#!/usr/bin/env python3
# listen.py -- a loopback TCP listener for tests/sandbox/confine.test:
# writes its port to PORTFILE, then the number of connections it accepted
# to COUNTFILE after each one (0 at the start); ends after SECONDS.
import socket
import sys
import time

portfile, countfile, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.bind(("127.0.0.1", 0))
s.listen(16)
s.settimeout(0.2)
count = 0
with open(countfile, "w") as f:
    f.write("0\n")
with open(portfile + ".new", "w") as f:
    f.write("%d\n" % s.getsockname()[1])
import os
os.rename(portfile + ".new", portfile)
end = time.time() + seconds
while time.time() < end:
    try:
        c, _ = s.accept()
    except socket.timeout:
        continue
    count += 1
    c.close()
    with open(countfile, "w") as f:
        f.write("%d\n" % count)
