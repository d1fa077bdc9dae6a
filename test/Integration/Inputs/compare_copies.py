#!/usr/bin/env python3
"""Compare the data an offload program moves with what its C + OpenMP twin moves.

    compare_copies.py OURS TWIN [--timeout SECONDS]

Runs both executables with LIBOMPTARGET_INFO=-1 and OMP_TARGET_OFFLOAD=mandatory,
reads the offload runtime's copy lines from their standard error

    omptarget device 0 info: Copying data from host to device, HstPtr=0x..,
        TgtPtr=0x.., Size=67108864, Name=...

and compares, for each direction, the number of copies, the bytes moved and
the multiset of copy sizes. Only the direction and Size= are used: Name= is
"unknown" for clang and a source location for MLIR-generated code. Firstprivate
scalars and other literal kernel arguments are not copies: the runtime prints
no copy line for them. The kernel launch environment, when the runtime copies
it (only for kernels with reductions), is a copy like any other and counted.

Prints (the tests FileCheck these lines):

    ours: exit 0, stdout: <first line the program printed>
    twin: exit 0, stdout: <first line>
    host->device: ours 2 copies 134217728 bytes, twin 2 copies 134217728 bytes
    host->device sizes: ours [67108864, 67108864], twin [67108864, 67108864]: same
    device->host: ours 1 copies 67108864 bytes, twin 1 copies 67108864 bytes
    device->host sizes: ours [67108864], twin [67108864]: same
    kernel launches: ours 1, twin 1
    RESULT: PASS (or RESULT: FAIL: <reasons>)

Exits 1 when ours makes more copies or moves more bytes than the twin in
either direction, when the two exit codes differ, or when either program
cannot be run; 0 otherwise. Different size multisets with no more copies and
bytes are reported ("differ") but are not a failure by themselves.
"""

import argparse
import collections
import os
import re
import subprocess
import sys

COPY_RE = re.compile(
    r"Copying data from (host|device) to (host|device), .*\bSize=(\d+), Name=")
LAUNCH_RE = re.compile(r"Launching kernel \S+ with ")
DIRECTIONS = [("host", "device"), ("device", "host")]


def run(path, timeout):
    env = dict(os.environ)
    env["LIBOMPTARGET_INFO"] = "-1"
    env["OMP_TARGET_OFFLOAD"] = "mandatory"
    # Anything that would change what the runtime prints or which device
    # it picks is the test's business, not the caller's environment's.
    for var in ("LIBOMPTARGET_DEBUG", "OMP_DEFAULT_DEVICE"):
        env.pop(var, None)
    proc = subprocess.run([path], env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=timeout)
    stdout = proc.stdout.decode("utf-8", "replace")
    stderr = proc.stderr.decode("utf-8", "replace")
    copies = collections.defaultdict(list)
    launches = 0
    for line in stderr.splitlines():
        m = COPY_RE.search(line)
        if m:
            copies[(m.group(1), m.group(2))].append(int(m.group(3)))
        elif LAUNCH_RE.search(line):
            launches += 1
    return proc.returncode, stdout, stderr, copies, launches


def describe_exit(code):
    if code < 0:
        return "signal %d" % -code
    return "exit %d" % code


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ours")
    parser.add_argument("twin")
    parser.add_argument("--timeout", type=float, default=600)
    args = parser.parse_args()

    results = {}
    for label, path in (("ours", args.ours), ("twin", args.twin)):
        try:
            results[label] = run(path, args.timeout)
        except (OSError, subprocess.TimeoutExpired) as error:
            print("%s: cannot run %s: %s" % (label, path, error))
            print("RESULT: FAIL: %s did not run" % label)
            return 1

    failures = []
    for label in ("ours", "twin"):
        code, stdout, stderr, _, _ = results[label]
        lines = stdout.splitlines()
        print("%s: %s, stdout: %s" % (label, describe_exit(code),
                                      lines[0] if lines else "(nothing)"))
        for extra in lines[1:]:
            print("%s: stdout: %s" % (label, extra))
        if code != 0:
            # Show why: the runtime's errors are on standard error.
            for line in stderr.splitlines():
                if "error" in line.lower():
                    print("%s: stderr: %s" % (label, line))

    ours_code, twin_code = results["ours"][0], results["twin"][0]
    if ours_code != twin_code:
        failures.append("exit codes differ (ours %s, twin %s)" %
                        (describe_exit(ours_code), describe_exit(twin_code)))

    for src, dst in DIRECTIONS:
        name = "%s->%s" % (src, dst)
        ours = results["ours"][3].get((src, dst), [])
        twin = results["twin"][3].get((src, dst), [])
        print("%s: ours %d copies %d bytes, twin %d copies %d bytes" %
              (name, len(ours), sum(ours), len(twin), sum(twin)))
        ours_sorted = sorted(ours, reverse=True)
        twin_sorted = sorted(twin, reverse=True)
        print("%s sizes: ours [%s], twin [%s]: %s" %
              (name, ", ".join(map(str, ours_sorted)),
               ", ".join(map(str, twin_sorted)),
               "same" if ours_sorted == twin_sorted else "differ"))
        if len(ours) > len(twin):
            failures.append("ours makes more %s copies (%d > %d)" %
                            (name, len(ours), len(twin)))
        if sum(ours) > sum(twin):
            failures.append("ours moves more %s bytes (%d > %d)" %
                            (name, sum(ours), sum(twin)))

    # Copies in a direction neither of the above (device to device) would be
    # missed by the table: report them rather than ignore them.
    for label in ("ours", "twin"):
        for (src, dst), sizes in sorted(results[label][3].items()):
            if (src, dst) not in DIRECTIONS:
                print("%s: %d copies %s->%s, %d bytes" %
                      (label, len(sizes), src, dst, sum(sizes)))
                failures.append("%s copies %s->%s" % (label, src, dst))

    print("kernel launches: ours %d, twin %d" %
          (results["ours"][4], results["twin"][4]))

    if failures:
        print("RESULT: FAIL: " + "; ".join(failures))
        return 1
    print("RESULT: PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
