#!/usr/bin/env bash
# tools/fresh_machine.sh: runs the README's two set-up commands on a newcomer's
# machine: a pristine Debian 12 minimal root (debootstrap --variant=minbase
# bookworm), entered with chroot, with nothing in it but the base system and a
# copy of this repository's committed HEAD. Prints how long each command took
# and exits non-zero if either failed. Needs root; installs debootstrap on the
# host if it is missing. Takes 20 to 40 minutes on 2 cores (most of it is
# downloading packages and the first Bazel build).
#
#   tools/fresh_machine.sh [ROOT]     ROOT defaults to /var/tmp/hetcast-fresh
#
# ROOT is deleted and made anew on every run. The Debian mirror is the host's
# own (from /etc/apt), so the chroot reaches exactly what the host reaches.
# Logs: ROOT.default.log and ROOT.tests.log.
set -euo pipefail
cd "$(dirname "$0")/.."
root=${1:-/var/tmp/hetcast-fresh}
[[ $(id -u) -eq 0 ]] || { echo "fresh_machine.sh: needs root (debootstrap, chroot)" >&2; exit 2; }

if ! command -v debootstrap >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >&2
fi

# The host's Debian mirror: the first URI of the sources that name bookworm.
mirror=$(grep -hoE '^(URIs:|deb) *[a-z]+://[^ ]+' /etc/apt/sources.list.d/*.sources \
           /etc/apt/sources.list 2>/dev/null | grep -v security | head -n 1 | awk '{print $2}' || true)
mirror=${mirror:-http://deb.debian.org/debian}

unmount_all() {
  for m in dev/pts dev proc sys; do
    mountpoint -q "$root/$m" && umount -l "$root/$m"
  done
  mountpoint -q "$root" && umount -l "$root"
  return 0
}
trap unmount_all EXIT
unmount_all
rm -rf "$root"
echo "fresh_machine: debootstrap minbase bookworm from $mirror into $root" >&2
debootstrap --variant=minbase bookworm "$root" "$mirror" >"$root.debootstrap.log" 2>&1 ||
  { tail -n 20 "$root.debootstrap.log" >&2; exit 1; }

cp /etc/resolv.conf "$root/etc/resolv.conf"
# The root a mount point of its own, as / is on a real machine: `ip netns
# exec` (the emulated cluster's test) makes / a slave mount first.
mount --bind "$root" "$root"
mount -t proc proc "$root/proc"
mount --rbind /sys "$root/sys"
mount --rbind /dev "$root/dev"
mkdir -p "$root/src"
git archive --format=tar HEAD | tar -x -C "$root/src"

# One README command in the chroot, with an empty environment but for PATH,
# HOME and a locale; prints its duration.
run_in_root() {
  local name=$1 log="$root.$1.log" start end status
  shift
  start=$(date +%s)
  set +e
  chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root LANG=C.UTF-8 /bin/bash -c "cd /src && $*" >"$log" 2>&1
  status=$?
  set -e
  end=$(date +%s)
  echo "fresh_machine: $name ($*): exit $status after $((end - start)) s; last lines of $log:"
  tail -n 5 "$log" | sed 's/^/  /'
  return $status
}

status=0
run_in_root default tools/run_default.sh || status=1
run_in_root tests tools/run_tests.sh || status=1
# Stop the chroot's Bazel server before the mounts go.
chroot "$root" /bin/bash -c 'cd /src && command -v bazel >/dev/null && bazel shutdown' >/dev/null 2>&1 || true
exit $status
