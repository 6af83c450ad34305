#!/usr/bin/python3
"""real_experiment: hetcast against MPI's broadcasts on emulated clusters.

Usage (as root, after
  bazel build -c opt //tools/mpi:mpich_programs //tools/mpi:openmpi_programs \
    //tools/mpi:smpi_programs //tools/mpi:libhetcast_mpi_mpich.so \
    //tools/mpi:libhetcast_mpi_openmpi.so //tools/mpi:large_plan_tool \
    //tools/mpi:platform_bound):

  tools/netcluster/real_experiment.py [--platforms=cluster8,sites8,homogeneous8]
      [--sizes=65536,1048576,16777216] [--repeats=3] [--calibrate-repeats=3]
      [--calibrate-sizes=MIN:MAX] [--mpis=mpich,openmpi] [--out=DIR]
      [--table-only] [--resume] [--skip-smpi] [--smpi-only]

Per platform (tools/netcluster/PLATFORM.json), netcluster.py brings the
cluster up (its rate check included) and, one MPI rank per host, on MPICH and
then on Open MPI:
  1. hetcast-calibrate --sizes MIN:MAX writes the cluster file, as a user
     would (nothing is read from the description); MIN:MAX is
     --calibrate-sizes, by default the smallest and largest of --sizes
     (sizes outside it are handed to MPI by the library);
  2. bench --model=bound --times-out measures every pair's transfer of
     each size of at least 1 MiB (16 MiB for the larger ones), and
     large_plan plans the multi-tree broadcast of that size from them, with
     the model's segment size, 256 KiB or 1 MiB, whichever one timed run of
     each finishes first (pair times of the size itself: at 1 MiB TCP's
     start can hide a slow link, e.g. sites8's 50 Mbit/s site link, whose
     16 MiB pairs take twice those inside a site but whose 1 MiB pairs
     overlap them);
  3. --repeats rounds, each of: every broadcast algorithm of the library
     (bench --model=mpi; MPICH: MPIR_CVAR_BCAST_INTRA_ALGORITHM with
     MPIR_CVAR_DEVICE_COLLECTIVES=none, Open MPI: coll_tuned_bcast_algorithm
     0-9 with coll_tuned_use_dynamic_rules=1, 0 and auto being the
     defaults), hetcast through HETCAST_MPI_Bcast (bench --model=node with
     the cluster file's types, costs and segments for the size), through
     the interposition library (bench --model=mpi with libhetcast_mpi
     preloaded and HETCAST_CONFIG the cluster file) and the multi-tree plan
     (bench --model=multi-tree); each run its own launch, the slowest rank's
     time from a barrier after a warm-up call, with the 1-minute load
     average beside it; a case the table's ratios read (the fastest MPI
     algorithm, hetcast's variants) whose runs spread by more than 25% of
     their median runs twice more.
Then, outside the cluster, the same runs in SimGrid SMPI on a platform file
generated from the same description (each host an up and a down link at
its rates, a site's shared link on the routes that cross it, 50 us per
link), and the table: DIR/table.md (also printed), DIR/results.csv (every
run). --table-only rewrites the table from DIR's files; --resume keeps the
cluster files of an earlier run in DIR (the cluster then takes that run's
name prefix, so that its host names match) and measures the rest again;
--skip-smpi leaves the simulations out, --smpi-only runs only them (on
DIR's cluster files and plans), e.g. with `nice` beside the next cluster.

The link bound of a case is the larger of platform_bound's on that platform
file without SMPI's factors (the root's up link, each receiver's down link,
the smallest cut to a site) and the upload bound: every receiver's copy is
uploaded by someone, (n - 1) x bytes over the sum of the up rates, and the
copies for the hosts of one site or of the main switch over their up rates
plus the links into them. The description's rates count Ethernet frames,
TCP moves about 0.95 of them: the bound is below what TCP can reach.
"""

import csv
import json
import os
import re
import shlex
import signal
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PAIR_BYTES = 1 << 20  # the smallest size with a multi-tree plan
PAIR_MAX_BYTES = 1 << 24  # larger sizes are planned from pairs of this size
RUN_TIMEOUT = 240
# Every ordered pair in turn: cluster8's 56 pairs of 16 MiB take about 240 s.
PAIRS_TIMEOUT = 1800
# hetcast-calibrate over 1-16 MiB: 920-990 s on cluster8 at --calibrate-repeats 1.
CALIBRATE_TIMEOUT = 3600
BRING_UP_ATTEMPTS = 5
NOISY_SPREAD = 0.25  # (max - min) / median of a case's runs
NOISY_EXTRA = 2
SMPI_TIMEOUT = 180  # host seconds per simulation (NTSB at 16 MiB: more)
SEGMENT_CHOICES = (0, 262144, 1048576)  # 0: the model's segment size
MPICH_ALGORITHMS = ["auto", "binomial", "scatter_recursive_doubling_allgather",
                    "scatter_ring_allgather", "smp", "nb"]
OPENMPI_ALGORITHMS = [str(n) for n in range(10)]
# SMPI's nearest algorithm for each (SimGrid 3.32's --cfg=smpi/bcast names);
# None: SMPI has none like it.
SMPI_NAMES = {
    ("mpich", "auto"): "mpich", ("mpich", "binomial"): "binomial_tree",
    ("mpich", "scatter_recursive_doubling_allgather"): "scatter_rdb_allgather",
    ("mpich", "scatter_ring_allgather"): "scatter_LR_allgather",
    ("openmpi", "0"): "ompi", ("openmpi", "1"): "flattree",
    ("openmpi", "2"): "NTSL", ("openmpi", "3"): "ompi_pipeline",
    ("openmpi", "4"): "ompi_split_bintree", ("openmpi", "5"): "NTSB",
    ("openmpi", "6"): "binomial_tree",
    ("openmpi", "8"): "scatter_rdb_allgather",
    ("openmpi", "9"): "scatter_LR_allgather"}
HETCAST = ("hetcast_bench", "hetcast_lib", "hetcast_multitree")
FIELDS = ["platform", "mpi", "method", "bytes", "repeat", "seconds",
          "predicted_seconds", "buffers_equal", "load1", "note"]


def log(message):
    print("real_experiment: " + message, file=sys.stderr, flush=True)


def parse_options(argv):
    options = {"platforms": "cluster8,sites8,homogeneous8",
               "sizes": "65536,1048576,16777216", "repeats": "3",
               "calibrate-repeats": "3", "calibrate-sizes": None,
               "mpis": "mpich,openmpi",
               "out": "/tmp/real-experiment", "table-only": False,
               "resume": False, "skip-smpi": False, "smpi-only": False,
               "inner": None}
    for arg in argv:
        match = re.fullmatch(r"--([a-z-]+)(?:=(.*))?", arg)
        if not match or match.group(1) not in options:
            raise SystemExit("real_experiment: unknown argument %r (see the "
                             "file's header)" % arg)
        value = match.group(2)
        options[match.group(1)] = True if value is None else value
    options["sizes"] = [int(s) for s in options["sizes"].split(",")]
    options["repeats"] = int(options["repeats"])
    options["mpis"] = options["mpis"].split(",")
    if not options["calibrate-sizes"]:
        options["calibrate-sizes"] = "%d:%d" % (min(options["sizes"]),
                                                max(options["sizes"]))
    return options


def programs():
    return os.path.realpath(os.path.join(ROOT, "bazel-bin", "tools", "mpi"))


def load1():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def field(text, name):
    match = re.search(r"\b%s=(\S+)" % re.escape(name), text)
    return match.group(1) if match else ""


# ------------------------------------------------------- inside the cluster

class Inner:
    """Runs the measurements of one platform inside netcluster's cluster."""

    def __init__(self, options, platform):
        self.options, self.platform = options, platform
        self.out = os.path.join(options["out"], platform)
        self.bin = programs()
        self.launcher = {"mpich": os.environ["NETCLUSTER_MPICH"],
                         "openmpi": os.environ["NETCLUSTER_OPENMPI"]}
        self.csv_path = os.path.join(self.out, "results.csv")
        with open(self.csv_path, "w", newline="") as f:
            csv.writer(f).writerow(FIELDS)
        self.shim = os.path.join(self.out, "finalize_shim.so")
        subprocess.run(["mpicc.mpich", "-shared", "-fPIC", "-O2", "-o",
                        self.shim, os.path.join(HERE, "finalize_shim.c")],
                       check=True)

    def launch(self, mpi, args, env=None, extra=(), timeout=RUN_TIMEOUT):
        """One MPI launch; returns (exit status, stdout)."""
        command = [self.launcher[mpi]] + list(extra) + list(args)
        full_env = dict(os.environ)
        full_env.update(env or {})
        try:
            result = subprocess.run(command, env=full_env, timeout=timeout,
                                    stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True,
                                    start_new_session=True)
        except subprocess.TimeoutExpired as error:
            return 124, (error.stdout or b"").decode(errors="replace") \
                if isinstance(error.stdout, bytes) else (error.stdout or "")
        return result.returncode, result.stdout + result.stderr

    def record(self, row):
        with open(self.csv_path, "a", newline="") as f:
            csv.writer(f).writerow([row.get(k, "") for k in FIELDS])
        log("%s %s %s %d #%s: %s s (load %.1f)" % (
            self.platform, row["mpi"], row["method"], row["bytes"],
            row["repeat"], row["seconds"] or "failed", row["load1"]))

    def calibrate(self, mpi):
        path = os.path.join(self.out, "cluster-%s.json" % mpi)
        status, text = self.launch(mpi, [
            os.path.join(self.bin, mpi, "hetcast-calibrate"), "--sizes",
            self.options["calibrate-sizes"], "--repeats",
            str(self.options["calibrate-repeats"]), "--out", path],
            timeout=CALIBRATE_TIMEOUT)
        with open(os.path.join(self.out, "calibrate-%s.txt" % mpi), "w") as f:
            f.write(text)
        if not os.path.exists(path):
            raise RuntimeError("hetcast-calibrate on %s wrote no cluster file "
                               "(exit status %d)" % (mpi, status))
        log("calibrated on %s (exit status %d): %s" % (mpi, status, path))

    def pairs(self, mpi):
        """Every pair's transfer time and the multi-tree plans. Open MPI's
        MPI_Wtime counts from each process's own origin (not global), so a
        pair's time, the receiver's clock minus the sender's, is measured
        under MPICH (whose clock is the machine's, one for all namespaces)
        whichever library is measured: the network is the same (pairs
        measured under Open MPI alone came out as growing sums of the
        ranks' start times)."""
        measuring = "mpich"
        planned = [s for s in self.options["sizes"] if s >= PAIR_BYTES]
        paths = {}
        for pair_bytes in sorted({min(s, PAIR_MAX_BYTES) for s in planned}):
            path = os.path.join(self.out, "pairs-%s-%d.txt" % (mpi, pair_bytes))
            if os.path.exists(path):  # an earlier run's (--resume)
                os.remove(path)
            status, text = self.launch(measuring, [
                os.path.join(self.bin, measuring, "bench"), "--model=bound",
                "--size=%d" % pair_bytes, "--times-out=" + path],
                timeout=PAIRS_TIMEOUT)
            if not os.path.exists(path):
                raise RuntimeError("bench --model=bound on %s (exit status "
                                   "%d): %s" % (mpi, status, text))
            paths[pair_bytes] = path
        for size in planned:
            self.choose_segments(mpi, paths[min(size, PAIR_MAX_BYTES)], size)

    def choose_segments(self, mpi, pairs, size):
        """The multi-tree plan of `size` whose segment size runs fastest,
        timed once each: the model's, 256 KiB and 1 MiB (where that makes
        2 to 256 segments), as large_experiment.sh calibrates it in SMPI
        (per-segment costs are not in the pair times)."""
        plan = os.path.join(self.out, "plan-%s-%d.txt" % (mpi, size))
        best = None
        for pin in SEGMENT_CHOICES:
            if pin and not 2 <= size // pin <= 256:
                continue
            candidate = "%s-%d" % (plan, pin)
            line = subprocess.run(
                [os.path.join(self.bin, "large_plan_tool"), "--pairs=" + pairs,
                 "--bytes=%d" % size, "--segment-bytes=%d" % pin,
                 "--out=" + candidate], check=True,
                stdout=subprocess.PIPE, text=True).stdout
            status, text = self.launch(mpi, [
                os.path.join(self.bin, mpi, "bench"), "--model=multi-tree",
                "--plan=" + candidate, "--size=%d" % size])
            seconds = field(text, "hetcast_seconds")
            log("%s %s multi-tree %d, segments of %s: %s s" % (
                self.platform, mpi, size, field(line, "segment_bytes"),
                seconds or "failed"))
            if seconds and field(text, "buffers_equal") == "1" and (
                    best is None or float(seconds) < best[0]):
                best = (float(seconds), candidate, line)
        if best is None:
            raise RuntimeError("no multi-tree plan of %d bytes ran on %s" %
                               (size, mpi))
        with open(best[1]) as f, open(plan, "w") as g:
            g.write(f.read())
        with open(plan + ".info", "w") as f:
            f.write(best[2])

    def run_mpi(self, mpi, algorithm, size, repeat):
        env = {"MPIR_CVAR_DEVICE_COLLECTIVES": "none",
               "MPIR_CVAR_BCAST_INTRA_ALGORITHM": algorithm} \
            if mpi == "mpich" else {
                "OMPI_MCA_coll_tuned_use_dynamic_rules": "1",
                "OMPI_MCA_coll_tuned_bcast_algorithm": algorithm}
        status, text = self.launch(mpi, [
            os.path.join(self.bin, mpi, "bench"), "--model=mpi",
            "--size=%d" % size], env=env)
        self.record({"platform": self.platform, "mpi": mpi,
                     "method": "mpi_" + algorithm, "bytes": size,
                     "repeat": repeat, "seconds": field(text, "mpi_seconds"),
                     "load1": load1(), "note": "" if status == 0 else
                     "exit status %d" % status})

    def run_bench(self, mpi, size, repeat):
        args = bench_node_args(os.path.join(self.out, "cluster-%s.json" % mpi),
                               size)
        status, text = self.launch(mpi, [os.path.join(self.bin, mpi, "bench")]
                                   + args + ["--size=%d" % size])
        self.record({"platform": self.platform, "mpi": mpi,
                     "method": "hetcast_bench", "bytes": size,
                     "repeat": repeat, "seconds": field(text,
                                                        "hetcast_seconds"),
                     "buffers_equal": field(text, "buffers_equal"),
                     "load1": load1(), "note": "" if status == 0 else
                     "exit status %d" % status})

    def run_lib(self, mpi, size, repeat):
        config = os.path.join(self.out, "cluster-%s.json" % mpi)
        library = os.path.join(self.bin, "libhetcast_mpi_%s.so" % mpi)
        if mpi == "mpich":  # the shim's MPI_Finalize first (README.md)
            extra = ["-genv", "LD_PRELOAD", self.shim + " " + library,
                     "-genv", "HETCAST_CONFIG", config,
                     "-genv", "HETCAST_MODE", "strict",
                     "-genv", "HETCAST_VERBOSE", "1"]
        else:
            extra = ["-x", "LD_PRELOAD=" + library, "-x",
                     "HETCAST_CONFIG=" + config, "-x", "HETCAST_MODE=strict",
                     "-x", "HETCAST_VERBOSE=1"]
        status, text = self.launch(mpi, [
            os.path.join(self.bin, mpi, "bench"), "--model=mpi",
            "--size=%d" % size], extra=extra)
        verbose = [l for l in text.splitlines() if l.startswith("hetcast:")]
        self.record({"platform": self.platform, "mpi": mpi,
                     "method": "hetcast_lib", "bytes": size, "repeat": repeat,
                     "seconds": field(text, "mpi_seconds"), "load1": load1(),
                     "note": ("" if status == 0 else "exit status %d; " %
                              status) + " / ".join(verbose)[:300]})

    def run_multitree(self, mpi, size, repeat):
        plan = os.path.join(self.out, "plan-%s-%d.txt" % (mpi, size))
        with open(plan + ".info") as f:
            predicted = field(f.read(), "predicted_seconds")
        status, text = self.launch(mpi, [
            os.path.join(self.bin, mpi, "bench"), "--model=multi-tree",
            "--plan=" + plan, "--size=%d" % size])
        self.record({"platform": self.platform, "mpi": mpi,
                     "method": "hetcast_multitree", "bytes": size,
                     "repeat": repeat,
                     "seconds": field(text, "hetcast_seconds"),
                     "predicted_seconds": predicted,
                     "buffers_equal": field(text, "buffers_equal"),
                     "load1": load1(), "note": "" if status == 0 else
                     "exit status %d" % status})

    def run(self):
        # This run's shapers (the root namespace's side: every download
        # and the sites' links; each namespace's upload is alike).
        subprocess.run("tc qdisc show | grep -F %s > %s" % (
            shlex.quote(" %s-" % os.environ["NETCLUSTER_RUN"]),
            shlex.quote(os.path.join(self.out, "qdiscs.txt"))), shell=True)
        for mpi in self.options["mpis"]:
            if not (self.options["resume"] and os.path.exists(
                    os.path.join(self.out, "cluster-%s.json" % mpi))):
                self.calibrate(mpi)
            self.pairs(mpi)
        for repeat in range(1, self.options["repeats"] + 1):
            for size in self.options["sizes"]:
                for mpi in self.options["mpis"]:
                    algorithms = MPICH_ALGORITHMS if mpi == "mpich" \
                        else OPENMPI_ALGORITHMS
                    for algorithm in algorithms:
                        self.run_mpi(mpi, algorithm, size, repeat)
                    self.run_bench(mpi, size, repeat)
                    self.run_lib(mpi, size, repeat)
                    if size >= PAIR_BYTES:
                        self.run_multitree(mpi, size, repeat)
        self.repeat_noisy()
        return 0

    def repeat_noisy(self):
        """Runs NOISY_EXTRA more rounds of each case whose ratio the table
        reads (the fastest MPI algorithm and hetcast's variants) when its
        runs spread by more than NOISY_SPREAD of their median."""
        rows = read_rows(self.csv_path)
        for mpi in self.options["mpis"]:
            for size in self.options["sizes"]:
                times = {}
                for r in rows:
                    if r["mpi"] == mpi and int(r["bytes"]) == size and \
                            r["seconds"]:
                        times.setdefault(r["method"], []).append(
                            float(r["seconds"]))
                medians = {m: statistics.median(v) for m, v in times.items()}
                mpis = [m for m in medians if m.startswith("mpi_")]
                deciding = [m for m in medians if m in HETCAST]
                if mpis:
                    deciding.append(min(mpis, key=medians.get))
                for method in deciding:
                    low, high = min(times[method]), max(times[method])
                    if (high - low) / medians[method] <= NOISY_SPREAD:
                        continue
                    for extra in range(NOISY_EXTRA):
                        repeat = "%d" % (self.options["repeats"] + 1 + extra)
                        if method.startswith("mpi_"):
                            self.run_mpi(mpi, method[4:], size, repeat)
                        elif method == "hetcast_bench":
                            self.run_bench(mpi, size, repeat)
                        elif method == "hetcast_lib":
                            self.run_lib(mpi, size, repeat)
                        else:
                            self.run_multitree(mpi, size, repeat)


# ------------------------------------------------------- the cluster file

def cluster_file(path):
    with open(path) as f:
        return json.load(f)


def rank_hosts(cluster):
    """Rank i runs on the namespace whose name ends in -h<i>."""
    types = {}
    names = [t["name"] for t in cluster["types"]]
    for entry in cluster["hosts"]:
        match = re.fullmatch(r".*-h(?:(\d+)|\[(\d+)-(\d+)\])", entry["name"])
        if not match:
            raise RuntimeError("unexpected host name %r" % entry["name"])
        first, last = (match.group(1), match.group(1)) if match.group(1) \
            else (match.group(2), match.group(3))
        for index in range(int(first), int(last) + 1):
            types[index] = names.index(entry["type"])
    return [types[i] for i in range(len(types))]


def size_range(cluster, size):
    for entry in cluster["sizes"]:
        if entry["min_bytes"] <= size <= entry["max_bytes"]:
            return entry
    return None


def calibrated_lines(path):
    """{bytes: (segment, predicted_us, action)} from calibrate's output."""
    lines = {}
    pattern = re.compile(r"^\s+(\d+) bytes: MPI_Bcast .*segments of (\d+)\) "
                         r".*predicted ([0-9.]+) us: (plan|mpi)")
    with open(path) as f:
        for line in f:
            match = pattern.match(line)
            if match:
                lines[int(match.group(1))] = (int(match.group(2)),
                                              float(match.group(3)),
                                              match.group(4))
    return lines


def bench_node_args(path, size):
    """HETCAST_MPI_Bcast as the cluster file plans `size`: its types, the
    range's costs and segments (a range handed to MPI: the types' costs,
    which are those of the largest calibrated size, and the segment size
    calibration found fastest at `size`). The tick is 1 us: the prediction
    comes from calibration's output (predicted())."""
    cluster = cluster_file(path)
    entry = size_range(cluster, size) or {}
    costs = entry.get("costs") or [t["cost"] for t in cluster["types"]]
    segment = entry.get("segment_bytes")
    if segment is None:
        segment = calibrated_lines(path.replace("cluster-", "calibrate-")
                                   .replace(".json", ".txt")).get(
                                       size, (0, 0, ""))[0]
    return ["--model=node", "--rank-labels=" + ",".join(
        str(t) for t in rank_hosts(cluster)),
            "--costs=" + ",".join(str(c) for c in costs),
            "--tick-ps=1000000", "--segment-bytes=%d" % segment]


# ------------------------------------------------------------------ SMPI

def description(platform):
    with open(os.path.join(HERE, platform + ".json")) as f:
        return json.load(f)


def smpi_platform(desc, directory):
    """A SimGrid platform of the description: per host an up and a down
    link at its rates, a site's shared links on the routes crossing it."""
    hosts = desc["hosts"]
    sites = desc.get("sites", {})
    lines = ['<?xml version="1.0"?>',
             '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">',
             '<platform version="4.1">', '<zone id="netcluster" '
             'routing="Full">']
    for h in hosts:
        lines.append('<host id="%s" speed="1Gf"/>' % h["name"])
    for h in hosts:
        for way, rate in (("up", h["up_mbit"]), ("down", h["down_mbit"])):
            lines.append('<link id="%s_%s" bandwidth="%gMbps" '
                         'latency="50us"/>' % (h["name"], way, rate))
    for name, s in sorted(sites.items()):
        for way, rate in (("up", s["up_mbit"]), ("down", s["down_mbit"])):
            lines.append('<link id="site_%s_%s" bandwidth="%gMbps" '
                         'latency="50us"/>' % (name, way, rate))
    for a in hosts:
        for b in hosts:
            if a is b:
                continue
            links = [a["name"] + "_up"]
            if a.get("site") != b.get("site"):
                if a.get("site"):
                    links.append("site_%s_up" % a["site"])
                if b.get("site"):
                    links.append("site_%s_down" % b["site"])
            links.append(b["name"] + "_down")
            lines.append('<route src="%s" dst="%s" symmetrical="NO">%s'
                         '</route>' % (a["name"], b["name"], "".join(
                             '<link_ctn id="%s"/>' % l for l in links)))
    lines += ["</zone>", "</platform>"]
    with open(os.path.join(directory, "platform.xml"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(directory, "hostfile"), "w") as f:
        f.write("".join(h["name"] + "\n" for h in hosts))


def simulate(directory, n, args, options=()):
    command = ["smpirun", "--log=root.thres:critical",
               "--cfg=smpi/simulate-computation:no",
               "--cfg=smpi/allgather:mpich"] + list(options) + [
                   "-np", str(n), "-platform",
                   os.path.join(directory, "platform.xml"), "-hostfile",
                   os.path.join(directory, "hostfile")] + args
    # In its own process group: on a timeout the simulation (smpimain, a
    # child of the smpirun script) is killed too, not left running.
    child = subprocess.Popen(command, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True,
                             start_new_session=True)
    try:
        return child.communicate(timeout=SMPI_TIMEOUT)[0]
    except subprocess.TimeoutExpired:  # left out of the table
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate()
        return ""


def run_smpi(options, platform):
    """The same runs in SMPI: every MPI algorithm with an SMPI counterpart,
    hetcast's bench runs with the real run's arguments, the multi-tree with
    the real run's plan. A full run starts the platform's smpi.csv anew;
    --smpi-only adds to it (a rerun of some cases keeps the others)."""
    out = os.path.join(options["out"], platform)
    desc = description(platform)
    smpi_platform(desc, out)
    n = len(desc["hosts"])
    bench = os.path.join(programs(), "smpi", "bench")
    rows = Rows(os.path.join(out, "smpi.csv"),
                ["mpi", "method", "bytes", "smpi_algorithm", "seconds"],
                keep=options["smpi-only"])
    for mpi in options["mpis"]:
        algorithms = MPICH_ALGORITHMS if mpi == "mpich" else OPENMPI_ALGORITHMS
        for size in options["sizes"]:
            for algorithm in algorithms:
                name = SMPI_NAMES.get((mpi, algorithm))
                if name is None:
                    continue
                text = simulate(out, n, [bench, "--model=mpi",
                                         "--size=%d" % size],
                                ["--cfg=smpi/bcast:" + name])
                rows.append([mpi, "mpi_" + algorithm, size, name,
                             field(text, "mpi_seconds")])
            args = bench_node_args(os.path.join(out, "cluster-%s.json" % mpi),
                                   size)
            text = simulate(out, n, [bench] + args + ["--size=%d" % size])
            rows.append([mpi, "hetcast_bench", size, "",
                         field(text, "hetcast_seconds")])
            plan = os.path.join(out, "plan-%s-%d.txt" % (mpi, size))
            if os.path.exists(plan):
                text = simulate(out, n, [bench, "--model=multi-tree",
                                         "--plan=" + plan, "--size=%d" % size])
                rows.append([mpi, "hetcast_multitree", size, "",
                             field(text, "hetcast_seconds")])
            log("smpi %s %s %d done" % (platform, mpi, size))


def smpi_times(out):
    """{(mpi, method, bytes): seconds} of DIR/smpi.csv, each case's last row
    (a simulation that ran past its limit has none, also over an older
    row)."""
    last = {(r["mpi"], r["method"], int(r["bytes"])): r["seconds"]
            for r in read_rows(os.path.join(out, "smpi.csv"))}
    return {case: float(seconds) for case, seconds in last.items() if seconds}


class Rows:
    """A CSV file written row by row (a stopped run keeps what it has)."""

    def __init__(self, path, header, keep=False):
        """keep: add to the file's rows where it exists (the readers take
        each case's last one) instead of starting it anew."""
        self.path = path
        if keep and os.path.exists(path):
            return
        with open(path, "w", newline="") as f:
            csv.writer(f).writerow(header)

    def append(self, row):
        with open(self.path, "a", newline="") as f:
            csv.writer(f).writerow(row)


# ----------------------------------------------------------------- bounds

def link_bound(options, platform, size):
    """Seconds no broadcast of `size` from host 0 can beat (the header)."""
    out = os.path.join(options["out"], platform)
    if not os.path.exists(os.path.join(out, "platform.xml")):  # --skip-smpi
        smpi_platform(description(platform), out)
    text = subprocess.run(
        [os.path.join(programs(), "platform_bound"),
         "--platform=" + os.path.join(out, "platform.xml"),
         "--hostfile=" + os.path.join(out, "hostfile"), "--bytes=%d" % size,
         "--bw-factor=0:1", "--lat-factor=0:1"],
        stdout=subprocess.PIPE, text=True, check=True).stdout
    bound = float(field(text, "platform_bound_seconds"))
    desc = description(platform)
    hosts, sites = desc["hosts"], desc.get("sites", {})
    bits = 8.0 * size
    bound = max(bound, bits * (len(hosts) - 1) /
                (1e6 * sum(h["up_mbit"] for h in hosts)))
    groups = {}
    for i, h in enumerate(hosts):
        groups.setdefault(h.get("site"), []).append((i, h))
    for site, members in groups.items():
        receivers = sum(1 for i, _ in members if i != 0)
        inflow = sum(h["up_mbit"] for _, h in members)
        if site is None:
            inflow += sum(s["up_mbit"] for s in sites.values())
        else:
            inflow += sites[site]["down_mbit"]
        if receivers:
            bound = max(bound, bits * receivers / (1e6 * inflow))
    return bound


# ------------------------------------------------------------------ table

def read_rows(path):
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def median_spread(values):
    """Median and (max - min) / median of the runs."""
    if not values:
        return None, None
    m = statistics.median(values)
    return m, (max(values) - min(values)) / m if m else 0


def fmt(seconds):
    if seconds is None:
        return "-"
    return "%.3f" % seconds if seconds >= 0.1 else "%.1f ms" % (seconds * 1e3)


def ratio(a, b):
    return "%.2f" % (a / b) if a and b else "-"


def predicted_seconds(out, mpi, method, size, runs):
    """hetcast's prediction of a case: calibration's for the bench and the
    library (the size's line; the library's only where the file plans the
    size), large_plan's for the multi-tree."""
    if method == "hetcast_multitree":
        values = [float(r["predicted_seconds"]) for r in runs
                  if r["predicted_seconds"]]
        return values[0] if values else None
    lines = calibrated_lines(os.path.join(out, "calibrate-%s.txt" % mpi))
    if size not in lines:
        return None
    segment, predicted_us, action = lines[size]
    if method == "hetcast_lib" and action != "plan":
        return None
    return predicted_us * 1e-6


def case_table(options, platform, shaper):
    out = os.path.join(options["out"], platform)
    rows = read_rows(os.path.join(out, "results.csv"))
    smpi = smpi_times(out)
    if not rows:
        return [], []
    desc = description(platform)
    heterogeneous = len({(h["up_mbit"], h["down_mbit"], h.get("site"))
                         for h in desc["hosts"]}) > 1
    summary, detail = [], []
    for mpi in options["mpis"]:
        for size in options["sizes"]:
            runs = {}
            for r in rows:
                if r["mpi"] == mpi and int(r["bytes"]) == size:
                    runs.setdefault(r["method"], []).append(r)
            if not runs:
                continue
            stats = {}
            for method, rs in runs.items():
                values = [float(r["seconds"]) for r in rs if r["seconds"]]
                stats[method] = median_spread(values) + (len(values), len(rs))
            loads = [float(r["load1"]) for rs in runs.values() for r in rs]
            mpi_methods = {m: s for m, s in stats.items()
                           if m.startswith("mpi_") and s[0]}
            hetcast = {m: s for m, s in stats.items()
                       if m in HETCAST and s[0]}
            if not mpi_methods:
                continue
            fastest = min(mpi_methods, key=lambda m: mpi_methods[m][0])
            default = "mpi_auto" if mpi == "mpich" else "mpi_0"
            best = min(hetcast, key=lambda m: hetcast[m][0]) if hetcast \
                else None
            bound = link_bound(options, platform, size)
            for method in sorted(stats):
                m, spread, ok, total = stats[method]
                sim = smpi.get((mpi, method, size))
                detail.append("| %s | %s | %d | %s | %s | %s | %d/%d | %s | %s |"
                              % (platform, mpi, size, method[4:] if
                                 method.startswith("mpi_") else method,
                                 fmt(m), "%.2f" % spread if m else "-", ok,
                                 total, fmt(sim), ratio(sim, m)))
            predicted = {m: predicted_seconds(out, mpi, m, size, runs[m])
                         for m in hetcast}
            cells = []
            for method in HETCAST:
                if method in hetcast:
                    m = hetcast[method][0]
                    sim = smpi.get((mpi, method, size))
                    cells.append("%s (%.2f; x%s; p/m %s; s/m %s)" % (
                        fmt(m), hetcast[method][1],
                        ratio(mpi_methods[fastest][0], m),
                        ratio(predicted[method], m), ratio(sim, m)))
                else:
                    cells.append("-")

            def judged(method):
                """(x fastest MPI, predicted / measured, both goals met)."""
                m = hetcast[method][0]
                x = mpi_methods[fastest][0] / m
                pm = predicted[method] / m if predicted[method] else None
                return x, pm, x >= 1.3 and pm is not None and \
                    0.8 <= pm <= 1.25
            best_ratio = mpi_methods[fastest][0] / hetcast[best][0] \
                if best else 0
            if heterogeneous and size >= 1 << 20:
                _, pm, holds = judged(best) if best else (0, None, False)
                goal = "%s (x%.2f, p/m %s)" % (
                    "holds" if holds else "misses", best_ratio,
                    "%.3f" % pm if pm else "-")
                meets = [m for m in HETCAST if m in hetcast and judged(m)[2]]
                if not holds and meets:
                    x, pm, _ = judged(meets[0])
                    goal += "; %s holds (x%.2f, p/m %.3f)" % (
                        meets[0][len("hetcast_"):], x, pm)
            elif not heterogeneous:
                goal = "%s (x%.2f)" % ("holds" if best_ratio >= 0.95
                                       else "misses", best_ratio)
            else:
                goal = "(no goal below 1 MiB; x%.2f)" % best_ratio
            sim_fastest = smpi.get((mpi, fastest, size))
            summary.append(
                "| %s | %s | %d | %.1f-%.1f | %s %s (%.2f) | %s | %s | %s | %s "
                "| %s | %s | %s | %s |" % (
                    platform, mpi, size, min(loads), max(loads), fastest[4:],
                    fmt(mpi_methods[fastest][0]), mpi_methods[fastest][1],
                    ratio(sim_fastest, mpi_methods[fastest][0]),
                    fmt(stats.get(default, (None,))[0]), cells[0], cells[1],
                    cells[2], fmt(bound),
                    ratio(hetcast[best][0] if best else None, bound), goal))
    return summary, detail


def verdict_rows(options, platform):
    """Per case and hetcast variant simulated: the ratio of the fastest
    algorithm with an SMPI counterpart to hetcast, measured and in SMPI."""
    out = os.path.join(options["out"], platform)
    smpi = smpi_times(out)
    measured = {}
    for r in read_rows(os.path.join(out, "results.csv")):
        if r["seconds"]:
            measured.setdefault((r["mpi"], r["method"], int(r["bytes"])),
                                []).append(float(r["seconds"]))
    rows = []
    for mpi in options["mpis"]:
        for size in options["sizes"]:
            algorithms = [k for k in smpi if k[0] == mpi and k[2] == size and
                          k[1].startswith("mpi_") and k in measured]
            if not algorithms:
                continue
            real = {k: statistics.median(measured[k]) for k in algorithms}
            fastest_real = min(real.values())
            fastest_smpi = min(smpi[k] for k in algorithms)
            factors = sorted(smpi[k] / real[k] for k in algorithms)
            for method in ("hetcast_bench", "hetcast_multitree"):
                key = (mpi, method, size)
                if key not in smpi or key not in measured:
                    continue
                rows.append("| %s | %s | %d | %s | %.2f | %.2f | %.2f (%.2f-%.2f) |"
                            % (platform, mpi, size, method[8:],
                               fastest_real / statistics.median(measured[key]),
                               fastest_smpi / smpi[key],
                               statistics.median(factors), factors[0],
                               factors[-1]))
    return rows


def write_table(options):
    lines = ["Written by tools/netcluster/real_experiment.py (its header says "
             "how each figure is made). Times: median of the runs, (spread) "
             "= (max - min) / median; seconds unless ms. Per hetcast variant: "
             "median (spread; x = fastest MPI / it; p/m = predicted / "
             "measured; s/m = SMPI / measured).", ""]
    details = []
    for platform in options["platforms"].split(","):
        desc = description(platform)
        qdiscs = os.path.join(options["out"], platform, "qdiscs.txt")
        shaper = json.dumps(desc.get("shaper", {}), sort_keys=True)
        lines.append("%s: %s; shaper %s, TCP %s%s" % (
            platform, ", ".join("%s %g/%g%s" % (
                h["name"], h["up_mbit"], h["down_mbit"],
                " @" + h["site"] if h.get("site") else "")
                for h in desc["hosts"]), shaper,
            desc.get("congestion_control", "cubic"),
            "".join("; site %s %g/%g Mbit/s shared" % (n, s["up_mbit"],
                                                       s["down_mbit"])
                    for n, s in sorted(desc.get("sites", {}).items()))))
        if os.path.exists(qdiscs):
            with open(qdiscs) as f:
                first = [l.strip() for l in f if " tbf " in l or " htb " in l]
            if first:
                lines.append("  (tc, one of them: `%s`)" % first[0])
        lines.append("")
    lines += ["| platform | MPI | bytes | load | fastest MPI (spread) | SMPI/"
              "measured of it | MPI default | hetcast_bench | hetcast_lib | "
              "hetcast_multitree | link bound | best hetcast / bound | goal |",
              "|---|---|---:|---|---|---:|---:|---|---|---|---:|---:|---|"]
    for platform in options["platforms"].split(","):
        summary, detail = case_table(options, platform, None)
        lines += summary
        details += detail
    lines += ["", "SMPI's verdict beside the measured one: the fastest algorithm "
              "that SMPI has a counterpart of, over hetcast's variant, measured "
              "and simulated.", "",
              "| platform | MPI | bytes | hetcast variant | measured: fastest "
              "/ hetcast | SMPI: fastest / hetcast | SMPI / measured, "
              "algorithms (median, range) |", "|---|---|---:|---|---|---|---|"]
    for platform in options["platforms"].split(","):
        lines += verdict_rows(options, platform)
    lines += ["", "| platform | MPI | bytes | method | median | spread | runs "
              "ok | SMPI | SMPI / measured |",
              "|---|---|---:|---|---:|---:|---|---:|---:|"] + details
    text = "\n".join(lines) + "\n"
    with open(os.path.join(options["out"], "table.md"), "w") as f:
        f.write(text)
    print(text)


# ------------------------------------------------------------------- main

def main(argv):
    options = parse_options(argv)
    if options["inner"]:
        return Inner(options, options["inner"]).run()
    if options["smpi-only"]:
        for platform in options["platforms"].split(","):
            run_smpi(options, platform)
    elif not options["table-only"]:
        for platform in options["platforms"].split(","):
            out = os.path.join(options["out"], platform)
            os.makedirs(out, exist_ok=True)
            log("%s: bringing the cluster up (load %.1f)" % (platform,
                                                            load1()))
            for attempt in range(1, BRING_UP_ATTEMPTS + 1):
                status = bring_up_and_measure(argv, platform, out,
                                              options["resume"])
                if status != 3:  # 3: refused, e.g. a rate off under load
                    break
                log("%s: refused (attempt %d; load %.1f), again in 60 s" % (
                    platform, attempt, load1()))
                time.sleep(60)
            if status != 0:
                log("%s: netcluster.py exit status %d (see %s)" % (
                    platform, status, os.path.join(out, "netcluster.log")))
                continue
            if not options["skip-smpi"]:
                run_smpi(options, platform)
    write_table(options)
    return 0


def calibrated_prefix(out):
    """The netcluster prefix of an earlier run's cluster files (--resume):
    the host names in them are that run's namespaces."""
    for name in sorted(os.listdir(out)):
        if name.startswith("cluster-") and name.endswith(".json"):
            host = cluster_file(os.path.join(out, name))["hosts"][0]["name"]
            return host.split("-h")[0]
    return None


def bring_up_and_measure(argv, platform, out, resume):
    """netcluster.py run with this program inside; its exit status."""
    prefix = calibrated_prefix(out) if resume else None
    with open(os.path.join(out, "netcluster.log"), "a") as netlog:
        return subprocess.run(
                    ["/usr/bin/python3", os.path.join(HERE, "netcluster.py"),
                     "run", os.path.join(HERE, platform + ".json"), "--mpi",
                     "none", "--timeout", "36000"] +
                    (["--prefix", prefix] if prefix else []) + ["--",
                     "/usr/bin/python3", os.path.abspath(__file__),
                     "--inner=" + platform] + [a for a in argv
                                               if not a.startswith("--inner")],
            stderr=netlog).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
