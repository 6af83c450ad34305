#!/usr/bin/python3
"""netcluster: an emulated heterogeneous cluster on one Linux machine.

Usage:
  netcluster.py run DESCRIPTION.json [--mpi mpich|openmpi|both|none]
                [--prefix P] [--timeout SECONDS] [--no-rate-check]
                -- COMMAND [ARG...]
  netcluster.py check DESCRIPTION.json [--prefix P]
  netcluster.py measure DESCRIPTION.json [--prefix P] [--repeats N]
  netcluster.py cleanup PREFIX
  netcluster.py --help

`run` brings the cluster of DESCRIPTION.json up (one network namespace per
host, joined by veth pairs to a bridge this command creates, rate limits in
both directions with tc), measures each host's rate up and down with TCP
flows and refuses to go on when one is off the description by more than 10%
(README.md, "The rate check"), runs COMMAND with one MPI rank per host (rank
i on hosts[i]), and tears everything down again, also when the command
fails, times out or the run is interrupted (SIGINT, SIGTERM, SIGHUP).

  --mpi mpich     mpiexec.mpich (hydra) through an ssh stand-in, UCX over
                  TCP only (UCX_TLS=tcp,self).
  --mpi openmpi   mpirun.openmpi through an ssh stand-in (plm_rsh_agent),
                  --mca pml ob1 --mca btl tcp,self (no shared memory).
  --mpi both      (default) MPICH, then Open MPI, on the same cluster. In
                  COMMAND, every "{mpi}" becomes "mpich" or "openmpi" (the
                  two need programs built against each library).
  --mpi none      COMMAND runs once, in the root namespace, with
                  NETCLUSTER_MPICH and NETCLUSTER_OPENMPI naming launchers
                  that take `PROGRAM [ARG...]` and run it one rank per host
                  (for scripts that run many MPI programs on one cluster).
  --prefix P      the name prefix of everything created (default: "hc" and
                  four random hex digits); refused when something of that
                  prefix exists already.
  --timeout S     bound on each MPI run (default 300 s; MPICH over UCX's TCP
                  may hang in MPI_Finalize): past it the run counts as failed.
  --mpich-finalize barrier|real
                  barrier (default): MPICH ranks get finalize_shim.c
                  preloaded, whose MPI_Finalize is a barrier (MPICH 4.0.2
                  over UCX's TCP hangs in the real one, see there); real:
                  MPICH's own.
  --no-rate-check skip the measurement (bring-up checks only).

`measure` brings the cluster up and prints each host's measured rates,
N times (default 3), without judging them (README.md's figures).
`check` validates the description and probes root and the kernel features
(network namespaces, veth, bridge, the description's tc qdisc), then removes
the probes. `cleanup PREFIX` removes what a killed run left behind
(processes in its namespaces, its namespaces, links and bridges).

Description (JSON; unknown fields are errors):
  {"shaper": {"kind": "tbf", "latency_ms": 20},
   "congestion_control": "cubic",
   "sites": {"far": {"up_mbit": 40, "down_mbit": 40}},
   "hosts": [{"name": "a", "up_mbit": 100, "down_mbit": 100},
             {"name": "b", "up_mbit": 20, "down_mbit": 20, "site": "far"}]}
  congestion_control: the TCP congestion control of every flow inside the
  cluster (default "cubic", Linux's default; set on the cluster's routes, so
  it holds whatever the machine's default is).
  shaper.kind: "tbf" (the default: a queue of latency_ms, default 20, at the
  link's rate, or of queue_bytes; burst_bytes, default 16384; drops past the
  queue) or "htb" (a pfifo of queue_packets, default 1000: no loss, long
  queueing delay at low rates; burst_bytes, default 16384; its flows stalled
  intermittently here, see README.md). A host's up and down rates are its
  NIC's; a site is a bridge of its own behind one shared link to the main
  bridge with the site's up and down rates. Rates in Mbit/s, 0.1 to 10000.
  2 to 250 hosts.

Addresses: a free /24 of 198.18.0.0/15 (RFC 2544's benchmarking range) that
no route or address of the root namespace overlaps; the bridge is .1, host i
is .(i + 2). Nothing outside the namespaces and links of this run is
addressed or changed.

Exit status: 0 success; 1 the command failed or timed out; 2 bad usage or
description; 3 refused (not root, a kernel feature or program missing, a
measured rate off the description); 4 teardown left something behind;
130 interrupted.
"""

import ipaddress
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

PYTHON = "/usr/bin/python3"
SELF = os.path.abspath(__file__)
INNER_IF = "nc0"  # the host's interface inside its namespace
RANGE = ipaddress.ip_network("198.18.0.0/15")
LOCK_FILE = "/run/lock/netcluster.lock"
RATE_TOLERANCE = 0.10
MEASURE_WARMUP = 0.5  # seconds of a flow not counted (slow start, queues)
MEASURE_WINDOW = 1.0  # seconds counted
MEASURE_ATTEMPTS = 3
MEASURE_BUDGET_MBIT = 400  # all flows of one measuring round, up + down
PROBE_PORT = 5201
MPICH = "mpiexec.mpich"
OPENMPI = "mpirun.openmpi"


class Refused(Exception):
    """The run cannot go on (root, a feature, a rate); exit status 3."""


class BadInput(Exception):
    """Bad usage or description; exit status 2."""


class Interrupted(Exception):
    """A signal arrived; exit status 130."""


START = time.monotonic()


def log(message):
    print("netcluster [%.1f s]: %s" % (time.monotonic() - START, message),
          file=sys.stderr, flush=True)


def run_ip(args, check=True):
    """Runs `ip`/`tc` (or another command) and returns its stdout."""
    result = subprocess.run(args, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    if check and result.returncode != 0:
        raise RuntimeError("%s: %s" % (" ".join(args), result.stderr.strip()))
    return result.stdout


# ---------------------------------------------------------------- description

def number_field(obj, key, where, low, high, default=None):
    value = obj.get(key, default)
    if value is None:
        raise BadInput("%s.%s: missing" % (where, key))
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            not low <= value <= high:
        raise BadInput("%s.%s: must be a number in %g..%g, got %r" %
                       (where, key, low, high, value))
    return value


def only_fields(obj, allowed, where):
    if not isinstance(obj, dict):
        raise BadInput("%s: must be an object" % where)
    unknown = sorted(set(obj) - set(allowed))
    if unknown:
        raise BadInput("%s: unknown field %s (allowed: %s)" %
                       (where, unknown[0], ", ".join(sorted(allowed))))


def parse_shaper(obj):
    only_fields(obj, {"kind", "queue_packets", "queue_bytes", "burst_bytes",
                      "latency_ms"},
                "shaper")
    kind = obj.get("kind", "tbf")
    if kind == "htb":
        only_fields(obj, {"kind", "queue_packets", "burst_bytes"},
                    "shaper (htb)")
        return {"kind": kind,
                "queue_packets": int(number_field(obj, "queue_packets",
                                                  "shaper", 1, 100000, 1000)),
                "burst_bytes": int(number_field(obj, "burst_bytes", "shaper",
                                                1600, 1 << 30, 16384))}
    if kind == "tbf":
        only_fields(obj, {"kind", "latency_ms", "queue_bytes", "burst_bytes"},
                    "shaper (tbf)")
        if "latency_ms" in obj and "queue_bytes" in obj:
            raise BadInput("shaper: latency_ms or queue_bytes, not both")
        shaper = {"kind": kind, "burst_bytes": int(number_field(
            obj, "burst_bytes", "shaper", 1600, 1 << 30, 16384))}
        if "queue_bytes" in obj:
            shaper["queue_bytes"] = int(number_field(obj, "queue_bytes",
                                                     "shaper", 1600, 1 << 30))
        else:
            shaper["latency_ms"] = number_field(obj, "latency_ms", "shaper",
                                                0.1, 10000, 20)
        return shaper
    raise BadInput("shaper.kind: must be \"htb\" or \"tbf\", got %r" % (kind,))


def parse_rates(obj, where):
    return (number_field(obj, "up_mbit", where, 0.1, 10000),
            number_field(obj, "down_mbit", where, 0.1, 10000))


def parse_description(text):
    try:
        doc = json.loads(text)
    except ValueError as error:
        raise BadInput("the description is not JSON: %s" % error)
    only_fields(doc, {"shaper", "congestion_control", "sites", "hosts"},
                "description")
    shaper = parse_shaper(doc.get("shaper", {}))
    congestion = doc.get("congestion_control", "cubic")
    if not isinstance(congestion, str) or not re.fullmatch(r"[a-z0-9_]{1,15}",
                                                           congestion):
        raise BadInput("congestion_control: a TCP congestion control's name, "
                       "got %r" % (congestion,))
    sites = {}
    raw_sites = doc.get("sites", {})
    if not isinstance(raw_sites, dict):
        raise BadInput("sites: must be an object of site name -> rates")
    for name, site in sorted(raw_sites.items()):
        where = "sites.%s" % name
        only_fields(site, {"up_mbit", "down_mbit"}, where)
        sites[name] = {"name": name, "rates": parse_rates(site, where),
                       "index": len(sites)}
    hosts = doc.get("hosts")
    if not isinstance(hosts, list) or not 2 <= len(hosts) <= 250:
        raise BadInput("hosts: must be a list of 2 to 250 hosts")
    parsed, names = [], set()
    for i, host in enumerate(hosts):
        where = "hosts[%d]" % i
        only_fields(host, {"name", "up_mbit", "down_mbit", "site"}, where)
        name = host.get("name", "h%d" % i)
        if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9_.-]{1,32}",
                                                         name):
            raise BadInput("%s.name: 1 to 32 of A-Z a-z 0-9 _ . -, got %r" %
                           (where, name))
        if name in names:
            raise BadInput("%s.name: %r appears twice" % (where, name))
        names.add(name)
        site = host.get("site")
        if site is not None and site not in sites:
            raise BadInput("%s.site: no site %r in sites" % (where, site))
        parsed.append({"name": name, "rates": parse_rates(host, where),
                       "site": site, "index": i})
    return {"shaper": shaper, "congestion_control": congestion,
            "sites": sites, "hosts": parsed}


def expected_rates(cluster, host):
    """What a host's TCP flow to or from the root namespace crosses."""
    up, down = host["rates"]
    if host["site"] is not None:
        site_up, site_down = cluster["sites"][host["site"]]["rates"]
        up, down = min(up, site_up), min(down, site_down)
    return up, down


# ------------------------------------------------------------------ naming

def check_prefix(prefix):
    if not re.fullmatch(r"[a-z][a-z0-9]{1,5}", prefix):
        raise BadInput("--prefix: 2 to 6 of a-z 0-9, starting with a letter, "
                       "got %r" % prefix)


def our_namespaces(prefix):
    names = []
    for line in run_ip(["ip", "netns", "list"], check=False).splitlines():
        name = line.split()[0] if line.split() else ""
        if name.startswith(prefix + "-"):
            names.append(name)
    return names


def our_links(prefix):
    names = []
    for line in run_ip(["ip", "-o", "link", "show"], check=False).splitlines():
        fields = line.split(":")
        if len(fields) > 1:
            name = fields[1].strip().split("@")[0]
            if name.startswith(prefix + "-"):
                names.append(name)
    return names


def marked_processes(prefix):
    """Processes in the root namespace carrying this run's marker."""
    marker = ("NETCLUSTER_RUN=%s" % prefix).encode()
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open("/proc/%s/environ" % entry, "rb") as f:
                if marker in f.read().split(b"\0"):
                    pids.append(int(entry))
        except OSError:
            continue
    return pids


def namespace_pids(namespace):
    out = run_ip(["ip", "netns", "pids", namespace], check=False)
    return [int(p) for p in out.split() if p.isdigit()]


# ---------------------------------------------------------------- teardown

def kill_all(pids):
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def teardown(prefix):
    """Removes everything of `prefix`; returns what could not be removed."""
    for _ in range(50):  # processes first, or the namespaces stay pinned
        pids = marked_processes(prefix)
        for namespace in our_namespaces(prefix):
            pids += namespace_pids(namespace)
        if not pids:
            break
        kill_all(pids)
        time.sleep(0.1)
    for _ in range(3):  # a veth goes with its peer: list again each pass
        lines = ["netns del %s" % n for n in our_namespaces(prefix)]
        lines += ["link del %s" % n for n in our_links(prefix)]
        if not lines:
            break
        subprocess.run(["ip", "-force", "-batch", "-"],
                       input="\n".join(lines) + "\n", text=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    left = ["namespace " + n for n in our_namespaces(prefix)]
    left += ["link " + n for n in our_links(prefix)]
    left += ["process %d" % p for p in marked_processes(prefix)]
    return left


# ------------------------------------------------------------------- checks

def probe(what, args, fix):
    result = subprocess.run(args, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        raise Refused("the kernel feature '%s' is not available (kernel "
                      "option %s): %s: %s" % (what, fix, " ".join(args),
                                              result.stderr.strip()))


def check_programs(mpi):
    needed = ["ip", "tc", "unshare", "hostname"]
    needed += {"mpich": [MPICH, "mpicc.mpich"], "openmpi": [OPENMPI],
               "both": [MPICH, "mpicc.mpich", OPENMPI],
               "none": [MPICH, "mpicc.mpich", OPENMPI]}[mpi]
    missing = [p for p in needed if not any(
        os.access(os.path.join(d, p), os.X_OK)
        for d in os.environ.get("PATH", "").split(":") if d)]
    if missing:
        raise Refused("program(s) not found: %s (tools/setup.sh test installs "
                      "them)" % ", ".join(missing))


def check_congestion(name):
    with open("/proc/sys/net/ipv4/tcp_available_congestion_control") as f:
        available = f.read().split()
    if name not in available:
        raise Refused("the TCP congestion control '%s' is not available "
                      "(available: %s)" % (name, " ".join(available)))


def preflight(prefix, cluster, mpi):
    """Refuses without root, a program or a kernel feature; names which."""
    shaper = cluster["shaper"]
    if os.geteuid() != 0:
        raise Refused("needs root (network namespaces, links and qdiscs); "
                      "running as uid %d" % os.geteuid())
    check_programs(mpi)
    check_congestion(cluster["congestion_control"])
    try:
        probe("network namespaces", ["ip", "netns", "add", prefix + "-probe"],
              "CONFIG_NET_NS")
        probe("veth", ["ip", "link", "add", prefix + "-pa", "type", "veth",
                       "peer", "name", prefix + "-pb"], "CONFIG_VETH")
        probe("bridge", ["ip", "link", "add", prefix + "-pbr", "type",
                         "bridge"], "CONFIG_BRIDGE")
        qdisc = {"htb": ["htb"],
                 "tbf": ["tbf", "rate", "1mbit", "burst", "16k", "limit",
                         "64k"]}[shaper["kind"]]
        probe("tc qdisc " + shaper["kind"],
              ["tc", "qdisc", "add", "dev", prefix + "-pa", "root"] + qdisc,
              "CONFIG_NET_SCH_" + shaper["kind"].upper())
    finally:
        left = teardown(prefix)
        if left:
            raise Refused("could not remove the probes: " + ", ".join(left))


# ----------------------------------------------------------------- bring-up

class Lock:
    """Serialises choosing a subnet and creating the bridge across runs."""

    def __enter__(self):
        import fcntl
        os.makedirs(os.path.dirname(LOCK_FILE), exist_ok=True)
        self.file = open(LOCK_FILE, "w")
        fcntl.flock(self.file, fcntl.LOCK_EX)
        return self

    def __exit__(self, *unused):
        self.file.close()


def free_subnet():
    used = []
    for line in run_ip(["ip", "-4", "-o", "route", "show", "table",
                        "all"]).splitlines():
        dest = line.split()[0] if line.split() else ""
        if dest in ("default", "local", "broadcast", "unreachable",
                    "blackhole", "prohibit"):
            dest = line.split()[1] if dest != "default" else ""
        try:
            if dest:
                used.append(ipaddress.ip_network(dest, strict=False))
        except ValueError:
            continue
    for line in run_ip(["ip", "-4", "-o", "addr", "show"]).splitlines():
        match = re.search(r"inet (\S+)", line)
        if match:
            used.append(ipaddress.ip_interface(match.group(1)).network)
    for subnet in RANGE.subnets(new_prefix=24):
        if not any(subnet.overlaps(u) for u in used):
            return subnet
    raise Refused("no free /24 in %s" % RANGE)


def batch(tool, lines, namespace=None):
    """Runs `ip -batch` or `tc -batch` (one process for many commands)."""
    if not lines:
        return
    args = [tool] + (["-n", namespace] if namespace else []) + ["-batch", "-"]
    result = subprocess.run(args, input="\n".join(lines) + "\n",
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    if result.returncode != 0:
        raise RuntimeError("%s: %s" % (" ".join(args), result.stderr.strip()))


def shape(device, rate_mbit, shaper):
    """tc commands limiting `device`'s egress to rate_mbit."""
    rate = "%dkbit" % round(rate_mbit * 1000)
    burst = shaper["burst_bytes"]
    if shaper["kind"] == "htb":
        return [
            "qdisc add dev %s root handle 1: htb default 1" % device,
            "class add dev %s parent 1: classid 1:1 htb rate %s ceil %s "
            "burst %d cburst %d" % (device, rate, rate, burst, burst),
            "qdisc add dev %s parent 1:1 handle 10: pfifo limit %d" %
            (device, shaper["queue_packets"])]
    queue = "limit %d" % shaper["queue_bytes"] if "queue_bytes" in shaper \
        else "latency %gms" % shaper["latency_ms"]
    return ["qdisc add dev %s root handle 1: tbf rate %s burst %d %s" %
            (device, rate, burst, queue)]


def bring_up(cluster, prefix):
    """The bridge, the sites and the hosts, in few `ip`/`tc` processes."""
    shaper = cluster["shaper"]
    bridge = prefix + "-br"
    with Lock():
        subnet = free_subnet()
        run_ip(["ip", "link", "add", bridge, "type", "bridge"])
        run_ip(["ip", "addr", "add", "%s/24" % subnet[1], "dev", bridge])
    route = "route replace %s proto kernel scope link congctl %s" % (
        subnet, cluster["congestion_control"])
    ip = ["link set %s up" % bridge,
          "%s dev %s src %s" % (route, bridge, subnet[1])]
    tc = []
    bridges = {}
    for name, site in cluster["sites"].items():
        site_bridge = "%s-s%d" % (prefix, site["index"])
        core_end = "%s-l%da" % (prefix, site["index"])
        site_end = "%s-l%db" % (prefix, site["index"])
        # Without ARP: the root namespace would otherwise answer a host's
        # request for the main bridge's address from the site bridge too,
        # with the site bridge's MAC (Linux answers for any local address
        # on any interface), and that host's frames to it then end in the
        # root namespace's stack on the wrong interface and are dropped.
        ip += ["link add %s type bridge" % site_bridge,
               "link set %s arp off" % site_bridge,
               "link add %s type veth peer name %s" % (core_end, site_end),
               "link set %s master %s up" % (core_end, bridge),
               "link set %s master %s up" % (site_end, site_bridge),
               "link set %s up" % site_bridge]
        up, down = site["rates"]
        tc += shape(site_end, up, shaper)  # leaves the site
        tc += shape(core_end, down, shaper)  # enters the site
        bridges[name] = site_bridge
        site["core_end"] = core_end
    for host in cluster["hosts"]:
        namespace = "%s-h%d" % (prefix, host["index"])
        host["namespace"] = namespace
        host["address"] = str(subnet[host["index"] + 2])
        host["uplink"] = namespace if host["site"] is None \
            else cluster["sites"][host["site"]]["core_end"]
        ip += ["netns add %s" % namespace,
               "link add %s type veth peer name %sp" % (namespace, namespace),
               "link set %sp netns %s" % (namespace, namespace),
               "link set %s master %s up" % (
                   namespace, bridges.get(host["site"], bridge))]
        tc += shape(namespace, host["rates"][1], shaper)  # its download
    batch("ip", ip)
    batch("tc", tc)
    for host in cluster["hosts"]:
        namespace = host["namespace"]
        batch("ip", ["link set %sp name %s" % (namespace, INNER_IF),
                     "addr add %s/24 dev %s" % (host["address"], INNER_IF),
                     "link set %s up" % INNER_IF, "link set lo up",
                     "%s dev %s src %s" % (route, INNER_IF, host["address"])],
              namespace)
        batch("tc", shape(INNER_IF, host["rates"][0], shaper), namespace)
    cluster["subnet"], cluster["bridge_address"] = subnet, str(subnet[1])


# -------------------------------------------------------------- measurement

def sink(listener):
    """Accepts one flow and reads it to its end."""
    listener.settimeout(10)
    conn, _ = listener.accept()
    conn.settimeout(30)
    buffer = bytearray(1 << 16)
    while conn.recv_into(buffer):
        pass
    conn.close()


def source(address, port, seconds):
    """Sends for `seconds`, then closes."""
    deadline = time.monotonic() + 5
    while True:
        try:
            conn = socket.create_connection((address, port), timeout=5)
            break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)
    chunk = b"\0" * (1 << 16)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        conn.sendall(chunk)
    conn.close()


def flow_seconds():
    return MEASURE_WARMUP + MEASURE_WINDOW + 0.2


def probe_endpoint(args):
    """`_probe ROOT_ADDRESS UP_PORT MY_ADDRESS DOWN_PORT`, inside a host's
    namespace: sends the upload flow and sinks the download flow."""
    root, up_port, mine, down_port = args[0], int(args[1]), args[2], int(args[3])
    listener = socket.create_server((mine, down_port))
    print("listening", flush=True)
    receiver = threading.Thread(target=sink, args=(listener,), daemon=True)
    receiver.start()
    source(root, up_port, flow_seconds())
    receiver.join()
    return 0


def link_bytes(host):
    """Bytes (from the host, to the host) past the last shaper of each
    direction: up, what its site link (or its own veth) delivered to the
    main bridge; down, what its own veth delivered into its namespace."""
    def read(device, name):
        with open("/sys/class/net/%s/statistics/%s" % (device, name)) as f:
            return int(f.read())
    return [read(host["uplink"], "rx_bytes"), read(host["namespace"],
                                                     "tx_bytes")]


def measure_round(cluster, hosts):
    """Saturates up and down of `hosts` at once and reads the bytes the
    host's link carried (Ethernet frames, what the shaper counts) over the
    window; returns {index: (up, down)} in Mbit/s."""
    root = cluster["bridge_address"]
    listeners, threads, probes = [], [], []
    try:
        for host in hosts:
            listener = socket.create_server((root, PROBE_PORT + host["index"]))
            listeners.append(listener)
            threads.append(threading.Thread(target=sink, args=(listener,),
                                            daemon=True))
            probes.append(subprocess.Popen(
                ["ip", "netns", "exec", host["namespace"], PYTHON, SELF,
                 "_probe", root, str(PROBE_PORT + host["index"]),
                 host["address"], str(PROBE_PORT)],
                stdout=subprocess.PIPE, text=True, env=marked_env(cluster)))
        for host, child in zip(hosts, probes):
            if child.stdout.readline().strip() != "listening":
                raise Refused("the rate probe in %s did not start" %
                              host["namespace"])
            threads.append(threading.Thread(
                target=source, args=(host["address"], PROBE_PORT,
                                     flow_seconds()), daemon=True))
        for thread in threads:
            thread.start()
        time.sleep(MEASURE_WARMUP)
        start, before = time.monotonic(), [link_bytes(h) for h in hosts]
        time.sleep(MEASURE_WINDOW)
        end, after = time.monotonic(), [link_bytes(h) for h in hosts]
        for thread in threads:
            thread.join(timeout=30)
        for child in probes:
            child.wait(timeout=30)
    finally:
        for listener in listeners:
            listener.close()
        for child in probes:
            if child.poll() is None:
                child.kill()
                child.wait()
    mbit = lambda b, a: (a - b) * 8 / (end - start) / 1e6
    return {h["index"]: (mbit(x[0], y[0]), mbit(x[1], y[1]))
            for h, x, y in zip(hosts, before, after)}


def measure(cluster, hosts):
    """Measures `hosts` in rounds: hosts behind one site share its link, so
    one of each site per round, and a round's flows add up to at most
    MEASURE_BUDGET_MBIT (the flows are Python on the machine's own cores:
    past that, the CPU and not the links would set the rates)."""
    rounds = []  # [sites, total Mbit/s, hosts]
    for host in hosts:
        load = sum(expected_rates(cluster, host))
        for r in rounds:
            if (host["site"] is None or host["site"] not in r[0]) and \
                    r[1] + load <= MEASURE_BUDGET_MBIT:
                break
        else:
            r = [set(), 0.0, []]
            rounds.append(r)
        r[0].add(host["site"])
        r[1] += load
        r[2].append(host)
    measured = {}
    for r in rounds:
        measured.update(measure_round(cluster, r[2]))
    return measured


def rate_error(cluster, host, rates):
    """What is off by more than the tolerance ("" when nothing)."""
    off = []
    for what, got, want in zip(("up", "down"), rates,
                               expected_rates(cluster, host)):
        if abs(got / want - 1) > RATE_TOLERANCE:
            off.append("%s %s %.2f Mbit/s, described %g" %
                       (host["name"], what, got, want))
    return "; ".join(off)


def check_rates(cluster):
    """Measures every host; a host off the description is measured again
    (up to MEASURE_ATTEMPTS in all) and keeps its best rates, since other
    load on the machine only ever lowers them."""
    best = {}
    pending = cluster["hosts"]
    for _ in range(MEASURE_ATTEMPTS):
        for index, rates in measure(cluster, pending).items():
            old = best.get(index, (0.0, 0.0))
            best[index] = (max(old[0], rates[0]), max(old[1], rates[1]))
        pending = [h for h in pending if rate_error(cluster, h, best[h["index"]])]
        if not pending:
            break
    log("measured link rates (Mbit/s, Ethernet frames), host: up/described "
        "down/described")
    for host in cluster["hosts"]:
        (up, down), (want_up, want_down) = best[host["index"]], \
            expected_rates(cluster, host)
        log("  %s (%s): %.2f/%g %.2f/%g" % (host["name"], host["address"], up,
                                            want_up, down, want_down))
    if pending:
        raise Refused(
            "measured rates off the description by more than %d%% after %d "
            "attempts: %s (other load on the machine starves the shaper and "
            "the flows: run again when it is quieter)" % (
                RATE_TOLERANCE * 100, MEASURE_ATTEMPTS,
                "; ".join(rate_error(cluster, h, best[h["index"]])
                          for h in pending)))


# ------------------------------------------------------------------ running

def marked_env(cluster):
    env = dict(os.environ)
    env["NETCLUSTER_RUN"] = cluster["prefix"]
    return env


def write_launchers(cluster, run_dir):
    """The ssh stand-in and the two launchers (`--mpi none` uses them)."""
    cases = "\n".join("  %s|%s) ns=%s ;;" % (h["namespace"], h["address"],
                                             h["namespace"])
                      for h in cluster["hosts"])
    ssh = """#!/bin/sh
# ssh stand-in of netcluster run %(prefix)s: `ssh [OPTION...] HOST COMMAND...`
# runs COMMAND (joined by spaces, like ssh) with sh in HOST's network
# namespace, in a UTS namespace whose host name is HOST's namespace.
while [ $# -gt 0 ]; do
  case "$1" in
    -[bcDEeFIiJLlmOopQRSWw]) shift 2 ;;
    -*) shift ;;
    *) break ;;
  esac
done
host=$1
shift
case "$host" in
%(cases)s
  *) echo "netcluster ssh stand-in: unknown host '$host'" >&2; exit 255 ;;
esac
exec ip netns exec "$ns" unshare --uts sh -c 'hostname "$0" && exec sh -c "$1"' "$ns" "$*"
""" % {"prefix": cluster["prefix"], "cases": cases}
    paths = {"ssh": os.path.join(run_dir, "ssh")}
    for name, args in (("mpich", mpich_args(cluster, paths["ssh"])),
                       ("openmpi", openmpi_args(cluster, paths["ssh"]))):
        paths[name] = os.path.join(run_dir, "mpirun-" + name)
        with open(paths[name], "w") as f:
            f.write("#!/bin/sh\n# One rank per host of netcluster run %s.\n"
                    "exec %s \"$@\"\n" % (cluster["prefix"],
                                          " ".join(shlex.quote(a) for a in args)))
        os.chmod(paths[name], 0o755)
    with open(paths["ssh"], "w") as f:
        f.write(ssh)
    os.chmod(paths["ssh"], 0o755)
    return paths


def build_finalize_shim(run_dir):
    """Compiles finalize_shim.c for MPICH (see there why)."""
    shim = os.path.join(run_dir, "finalize_shim.so")
    run_ip(["mpicc.mpich", "-shared", "-fPIC", "-O2", "-o", shim,
            os.path.join(os.path.dirname(SELF), "finalize_shim.c")])
    return shim


def mpich_args(cluster, ssh):
    hosts = ",".join(h["namespace"] for h in cluster["hosts"])
    shim = ["-genv", "LD_PRELOAD", cluster["finalize_shim"]] \
        if cluster.get("finalize_shim") else []
    return [MPICH, "-launcher", "ssh", "-launcher-exec", ssh, "-hosts", hosts,
            "-n", str(len(cluster["hosts"])), "-ppn", "1", "-localhost",
            cluster["bridge_address"], "-genv", "UCX_TLS", "tcp,self",
            "-genv", "UCX_NET_DEVICES", INNER_IF] + shim


def openmpi_args(cluster, ssh):
    hosts = ",".join(h["namespace"] + ":1" for h in cluster["hosts"])
    subnet = str(cluster["subnet"])
    return [OPENMPI, "--allow-run-as-root", "-np", str(len(cluster["hosts"])),
            "--host", hosts, "--map-by", "node",
            "--mca", "plm_rsh_agent", ssh, "--mca", "plm_rsh_no_tree_spawn",
            "1", "--mca", "pml", "ob1", "--mca", "btl", "tcp,self",
            "--mca", "btl_tcp_if_include", subnet,
            "--mca", "oob_tcp_if_include", subnet,
            # A waiting rank yields its core, as Open MPI does by itself
            # on a host with more ranks than cores: the emulated hosts
            # share the machine's few cores, and ranks busy-polling there
            # slow the ranks that relay (on sites8, a chain of 8 hosts ran
            # 3.67-3.78 s polling, 3.06-3.12 s yielding, its one 16 MiB
            # crossing alone 2.92 s; README.md, "Shared cores").
            "--mca", "mpi_yield_when_idle", "1",
            # Open MPI's session directories (ompi.HOST.UID), in the run
            # directory, which the teardown removes, instead of /tmp.
            "--mca", "orte_tmpdir_base", cluster["run_dir"]]


def run_command(args, cluster, timeout):
    """Runs `args` in its own process group; returns its exit status."""
    log("running: " + " ".join(shlex.quote(a) for a in args))
    child = subprocess.Popen(args, env=marked_env(cluster),
                             start_new_session=True)
    try:
        status = child.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        log("timed out after %g s" % timeout)
        status = 124
    finally:
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        child.wait()
    return status


def run_mpi(cluster, mpi, command, timeout, launchers):
    if mpi == "none":
        os.environ["NETCLUSTER_MPICH"] = launchers["mpich"]
        os.environ["NETCLUSTER_OPENMPI"] = launchers["openmpi"]
        return run_command(command, cluster, timeout)
    failed = []
    for name in (["mpich", "openmpi"] if mpi == "both" else [mpi]):
        args = [launchers[name]] + [a.replace("{mpi}", name) for a in command]
        status = run_command(args, cluster, timeout)
        if status != 0:
            failed.append("%s (exit status %d)" % (name, status))
    if failed:
        log("the command failed on " + ", ".join(failed))
        return 1
    return 0


# --------------------------------------------------------------------- main

def on_signal(signum, unused_frame):
    raise Interrupted("signal %d" % signum)


def parse_args(argv):
    options = {"mpi": "both", "prefix": None, "timeout": 300.0, "repeats": "3",
               "mpich_finalize": "barrier",
               "rate_check": True, "command": []}
    if "--" in argv:
        split = argv.index("--")
        argv, options["command"] = argv[:split], argv[split + 1:]
    positional = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in ("--mpi", "--prefix", "--timeout", "--mpich-finalize",
                   "--repeats"):
            if i + 1 >= len(argv):
                raise BadInput("%s needs a value" % arg)
            options[arg[2:].replace("-", "_")] = argv[i + 1]
            i += 2
            continue
        if arg == "--no-rate-check":
            options["rate_check"] = False
        elif arg.startswith("-"):
            raise BadInput("unknown option %s (see --help)" % arg)
        else:
            positional.append(arg)
        i += 1
    if options["mpi"] not in ("mpich", "openmpi", "both", "none"):
        raise BadInput("--mpi: mpich, openmpi, both or none, got %r" %
                       options["mpi"])
    if options["mpich_finalize"] not in ("barrier", "real"):
        raise BadInput("--mpich-finalize: barrier or real, got %r" %
                       options["mpich_finalize"])
    if not re.fullmatch(r"[1-9][0-9]{0,2}", options["repeats"]):
        raise BadInput("--repeats: 1 to 999, got %r" % options["repeats"])
    options["repeats"] = int(options["repeats"])
    try:
        options["timeout"] = float(options["timeout"])
    except ValueError:
        raise BadInput("--timeout: a number of seconds, got %r" %
                       options["timeout"])
    return positional, options


def new_prefix():
    while True:
        prefix = "hc" + os.urandom(2).hex()
        if not our_namespaces(prefix) and not our_links(prefix):
            return prefix


def load(path):
    try:
        with open(path) as f:
            return parse_description(f.read())
    except OSError as error:
        raise BadInput("cannot read the description %s: %s" % (path, error))


def up_run_down(cluster, options):
    prefix = cluster["prefix"]
    run_dir = tempfile.mkdtemp(prefix="netcluster-%s-" % prefix)
    try:
        bring_up(cluster, prefix)
        log("cluster %s: %d hosts on %s (bridge %s-br), shaper %s, TCP "
            "congestion control %s" % (
                prefix, len(cluster["hosts"]), cluster["subnet"], prefix,
                json.dumps(cluster["shaper"], sort_keys=True),
                cluster["congestion_control"]))
        if options["rate_check"]:
            check_rates(cluster)
        if options["mpich_finalize"] == "barrier" and options["mpi"] != "openmpi":
            cluster["finalize_shim"] = build_finalize_shim(run_dir)
        cluster["run_dir"] = run_dir
        launchers = write_launchers(cluster, run_dir)
        return run_mpi(cluster, options["mpi"], options["command"],
                       options["timeout"], launchers)
    finally:
        shutil.rmtree(run_dir)


def measure_only(cluster, repeats):
    """`measure`: every host's rates, `repeats` times, one line each."""
    bring_up(cluster, cluster["prefix"])
    log("cluster %s: shaper %s, TCP congestion control %s" % (
        cluster["prefix"], json.dumps(cluster["shaper"], sort_keys=True),
        cluster["congestion_control"]))
    print("repeat host up_mbit up_described down_mbit down_described")
    for repeat in range(1, repeats + 1):
        measured = measure(cluster, cluster["hosts"])
        for host in cluster["hosts"]:
            (up, down), (want_up, want_down) = measured[host["index"]], \
                expected_rates(cluster, host)
            print("%d %s %.2f %g %.2f %g" % (repeat, host["name"], up, want_up,
                                             down, want_down), flush=True)
    return 0


class Run:
    """What main's teardown needs: the prefix once something may exist."""
    prefix = None


def run_or_check(verb, rest, state):
    positional, options = parse_args(rest)
    if len(positional) != 1:
        raise BadInput("%s takes one DESCRIPTION.json" % verb)
    cluster = load(positional[0])
    if verb == "run" and not options["command"]:
        raise BadInput("run needs a command after --")
    if options["prefix"] is not None:
        check_prefix(options["prefix"])
        if our_namespaces(options["prefix"]) or our_links(options["prefix"]):
            raise BadInput("--prefix %s: namespaces or links of that prefix "
                           "exist already" % options["prefix"])
    candidate = options["prefix"] or new_prefix()
    preflight(candidate, cluster, options["mpi"])
    if verb == "check":
        log("ok: root, the programs and the kernel features are there")
        return 0
    state.prefix = cluster["prefix"] = candidate
    if verb == "measure":
        return measure_only(cluster, options["repeats"])
    return up_run_down(cluster, options)


def add_admin_paths():
    """tc and sysctl live in sbin, which a minimal PATH (Bazel's test
    environment under --incompatible_strict_action_env) leaves out."""
    path = [d for d in os.environ.get("PATH", "").split(":") if d]
    for d in ("/usr/sbin", "/sbin"):
        if d not in path:
            path.append(d)
    os.environ["PATH"] = ":".join(path)


def main(argv):
    add_admin_paths()
    if argv and argv[0] == "_probe":
        return probe_endpoint(argv[1:])
    if not argv or argv[0] in ("--help", "-h", "help"):
        print(__doc__)
        return 0 if argv else 2
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, on_signal)
    verb, rest = argv[0], argv[1:]
    state = Run()
    status = 0
    try:
        if verb == "cleanup":
            if len(rest) != 1:
                raise BadInput("cleanup takes one PREFIX")
            check_prefix(rest[0])
            state.prefix = rest[0]  # the finally clause removes it
        elif verb in ("run", "check", "measure"):
            status = run_or_check(verb, rest, state)
        else:
            raise BadInput("unknown command %r (run, check, measure, cleanup, "
                           "--help)" %
                           verb)
    except BadInput as error:
        log(str(error))
        status = 2
    except Refused as error:
        log("refused: " + str(error))
        status = 3
    except Interrupted as error:
        log("interrupted (%s): tearing down" % error)
        status = 130
    except (RuntimeError, OSError, ValueError) as error:
        log("failed: %s" % error)
        status = 1
    finally:
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, signal.SIG_IGN)
        if state.prefix is not None:
            log("tearing down")
            left = teardown(state.prefix)
            if left:
                log("teardown left behind: " + ", ".join(left))
                status = 4
            log("done")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
