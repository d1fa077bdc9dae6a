#!/usr/bin/env python3
"""Count what each device copies and launches, from LIBOMPTARGET_INFO=-1 output.

    copies_per_device.py < stderr-of-the-program

Reads the offload runtime's lines

    omptarget device 2 info: Copying data from host to device, HstPtr=0x..,
        TgtPtr=0x.., Size=1008, Name=...
    "PluginInterface" device 2 info: Launching kernel step_share with ...

and prints, for each device in order, one line per direction with the
number of copies, the bytes and the copies by size (largest first), then
the launches by kernel:

    device 0: host->device 202 copies 2816 bytes: 1008 x2, 4 x200
    device 0: device->host 302 copies 3600 bytes: 1000 x2, 8 x100, 4 x200
    device 0: launches: step1_share x200, total_share x100

Only the direction, Size= and the kernel name are used (Name= is a source
location or "unknown"). Run the program with one host thread
(OMP_THREAD_LIMIT=1): lines printed by threads running at the same time
may interleave.
"""

import collections
import re
import sys

COPY_RE = re.compile(r"device (\d+) info: Copying data from (host|device) to "
                     r"(host|device), .*\bSize=(\d+), Name=")
LAUNCH_RE = re.compile(r"device (\d+) info: Launching kernel (\S+) with ")


def main():
    copies = collections.defaultdict(list)
    launches = collections.defaultdict(collections.Counter)
    devices = set()
    for line in sys.stdin:
        m = COPY_RE.search(line)
        if m:
            device = int(m.group(1))
            devices.add(device)
            copies[(device, m.group(2), m.group(3))].append(int(m.group(4)))
            continue
        m = LAUNCH_RE.search(line)
        if m:
            device = int(m.group(1))
            devices.add(device)
            launches[device][m.group(2)] += 1
    for device in sorted(devices):
        for src, dst in (("host", "device"), ("device", "host")):
            sizes = copies.get((device, src, dst), [])
            by_size = collections.Counter(sizes)
            histogram = ", ".join(
                "%d x%d" % (size, by_size[size])
                for size in sorted(by_size, reverse=True))
            print("device %d: %s->%s %d copies %d bytes%s" %
                  (device, src, dst, len(sizes), sum(sizes),
                   ": " + histogram if histogram else ""))
        kernels = launches[device]
        print("device %d: launches: %s" % (
            device, ", ".join("%s x%d" % (name, kernels[name])
                              for name in sorted(kernels)) or "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
